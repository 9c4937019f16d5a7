import {
  actorHeader,
  adminResetPasswordResponseSchema,
  authExpireGrantsResponseSchema,
  authInternalRoutes as r,
  authUserListResponseSchema,
  authUserRecordResponseSchema,
  routePath,
  serviceTokenHeader,
  type AdminBanInput,
  type AdminUpdateUserInput,
  type AuthUserRecord,
} from '@noek/contracts';
import { callDownstream } from './downstream';
import type { ServiceTokens } from './service-token';

/** auth's internal user API (contracts authInternalRoutes), called with the admin service's token. */
export function createAuthClient(opts: { baseUrl: string; tokens: ServiceTokens; timeoutMs: number }) {
  const call = async (
    route: { method: string; path: string },
    actorId: string | null,
    params: Record<string, string> = {},
    body?: unknown,
    query = '',
  ): Promise<unknown> =>
    callDownstream({
      method: route.method,
      url: `${opts.baseUrl}${routePath(route as never, params)}${query}`,
      headers: {
        [serviceTokenHeader]: opts.tokens('auth'),
        ...(actorId ? { [actorHeader]: actorId } : {}),
      },
      body,
      timeoutMs: opts.timeoutMs,
      label: 'The user service',
    });
  const user = (data: unknown): AuthUserRecord => authUserRecordResponseSchema.parse(data).user;
  return {
    async list(after: string | undefined, limit: number): Promise<AuthUserRecord[]> {
      const q = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
      return authUserListResponseSchema.parse(await call(r.list, null, {}, undefined, `?${q}`));
    },
    get: async (id: string) => user(await call(r.get, null, { id })),
    update: async (actorId: string, id: string, body: AdminUpdateUserInput) =>
      user(await call(r.update, actorId, { id }, body)),
    resetPassword: async (actorId: string, id: string) =>
      adminResetPasswordResponseSchema.parse(await call(r.resetPassword, actorId, { id })),
    block: async (actorId: string, id: string, isBlocked: boolean) =>
      user(await call(r.block, actorId, { id }, { isBlocked })),
    ban: async (actorId: string, id: string, body: AdminBanInput) =>
      user(await call(r.ban, actorId, { id }, body)),
    unban: async (actorId: string, id: string) => user(await call(r.unban, actorId, { id })),
    grant: async (actorId: string, id: string, body: { expiresAt: string | null; sendEmail: boolean }) =>
      user(await call(r.grantSupernoek, actorId, { id }, body)),
    expireGrants: async () => authExpireGrantsResponseSchema.parse(await call(r.expireGrants, null)).expired,
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;
