import {
  actorHeader,
  internalRoutes,
  routePath,
  serviceTokenHeader,
  type AdminBanInput,
  type AdminUpdateUserInput,
  type AuthUserRecord,
  type RouteContract,
  type RouteResult,
} from '@noek/contracts';
import { callDownstream } from './downstream';
import type { ServiceTokens } from './service-token';

/**
 * auth's internal user API (contracts internalRoutes.authUsers: each answer parsed with its entry's
 * response schema), called with the admin service's token. Each
 * change carries the action's idempotency key: auth does it at most once, so a lost answer is retried.
 */
export function createAuthClient(opts: {
  baseUrl: string;
  tokens: ServiceTokens;
  timeoutMs: number;
  budgetMs: number;
}) {
  const r = internalRoutes.authUsers;
  const call = async <E extends RouteContract>(
    route: E,
    actorId: string | null,
    params: Record<string, string> = {},
    body?: unknown,
    query = '',
    key?: string,
  ): Promise<RouteResult<E>> => {
    const data = await callDownstream({
      method: route.method,
      url: `${opts.baseUrl}${routePath(route as never, params)}${query}`,
      headers: {
        [serviceTokenHeader]: opts.tokens('auth'),
        ...(actorId ? { [actorHeader]: actorId } : {}),
      },
      body,
      timeoutMs: opts.timeoutMs,
      label: 'The user service',
      ...(key ? { idempotent: { key, budgetMs: opts.budgetMs } } : {}),
    });
    return route.response?.parse(data) as RouteResult<E>;
  };
  const change = <E extends RouteContract>(route: E, a: Acting, id: string, body?: unknown) =>
    call(route, a.actorId, { id }, body, '', a.key);
  const user = (answer: { user: AuthUserRecord }): AuthUserRecord => answer.user;
  return {
    async list(after: string | undefined, limit: number): Promise<AuthUserRecord[]> {
      const q = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
      return call(r.list, null, {}, undefined, `?${q}`);
    },
    get: async (id: string) => user(await call(r.get, null, { id })),
    update: async (a: Acting, id: string, body: AdminUpdateUserInput) =>
      user(await change(r.update, a, id, body)),
    resetPassword: (a: Acting, id: string) => change(r.resetPassword, a, id),
    block: async (a: Acting, id: string, isBlocked: boolean) =>
      user(await change(r.block, a, id, { isBlocked })),
    ban: async (a: Acting, id: string, body: AdminBanInput) => user(await change(r.ban, a, id, body)),
    unban: async (a: Acting, id: string) => user(await change(r.unban, a, id)),
    grant: async (a: Acting, id: string, body: { expiresAt: string | null; sendEmail: boolean }) =>
      user(await change(r.grantSupernoek, a, id, body)),
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;

/** Who acts, and the action's idempotency key (one per admin action, the same for its retries). */
export type Acting = { actorId: string; key?: string };
