import {
  actorHeader,
  internalRoutes,
  routePath,
  serviceTokenHeader,
  type AdminProviderList,
  type AdminProviderResponse,
  type CreateProviderRequest,
  type TokenUsageReport,
  type UpdateProviderRequest,
  type UserUsage,
} from '@noek/contracts';
import { callDownstream } from './downstream';
import type { ServiceTokens } from './service-token';

/**
 * chat's internal usage API (contracts internalRoutes.chatUsage; answers parsed with the entry's schema). chat checks the acting admin's own access token
 * (forwarded as Bearer) against its copy of the user's level, and receives the service token too.
 */
type Actor = { id: string; accessToken: string };

/** Time allowed beyond DOWNSTREAM_TIMEOUT_MS for chat to list a provider it was just given. */
const PROVIDER_LISTING_MS = 5_000;

export function createChatClient(opts: {
  baseUrl: string;
  tokens: ServiceTokens;
  timeoutMs: number;
  budgetMs: number;
}) {
  const r = internalRoutes.chatUsage;
  const headersOf = (actor: Actor) => ({
    authorization: `Bearer ${actor.accessToken}`,
    [serviceTokenHeader]: opts.tokens('chat'),
    [actorHeader]: actor.id,
  });
  const call = async (
    route: typeof r.update | typeof r.reset,
    actor: { id: string; accessToken: string },
    userId: string,
    body?: unknown,
  ): Promise<UserUsage> =>
    route.response.parse(
      await callDownstream({
        method: route.method,
        url: `${opts.baseUrl}${routePath(route as never, { userId })}`,
        headers: headersOf(actor),
        body,
        timeoutMs: opts.timeoutMs,
        label: 'The chat service',
        // Both set the count (to a number, or to 0): sent again, they leave the same count.
        idempotent: { budgetMs: opts.budgetMs },
      }),
    );
  const p = internalRoutes.chatProviders;
  /** chat's stored providers (contracts internalRoutes.chatProviders): only PATCH (it sets values) is retried. */
  const provider = async (
    route: typeof p.list | typeof p.create | typeof p.update | typeof p.remove,
    actor: { id: string; accessToken: string },
    params: Record<string, string>,
    body?: unknown,
  ): Promise<unknown> =>
    route.response.parse(
      await callDownstream({
        method: route.method,
        url: `${opts.baseUrl}${routePath(route as never, params)}`,
        headers: headersOf(actor),
        body,
        // A write answers once chat has listed the provider's models (its own limit: 5 s by default).
        timeoutMs: route === p.list ? opts.timeoutMs : opts.timeoutMs + PROVIDER_LISTING_MS,
        label: 'The chat service',
        ...(route === p.update ? { idempotent: { budgetMs: opts.budgetMs } } : {}),
      }),
    );
  let probe: { at: number; up: Promise<boolean> } | undefined;
  // One slow answer on a busy machine is not an outage: chat counts as down after two failed probes in a row.
  let failures = 0;
  return {
    updateUsage: (actor: { id: string; accessToken: string }, userId: string, messageCount: number) =>
      call(r.update, actor, userId, { messageCount }),
    resetUsage: (actor: { id: string; accessToken: string }, userId: string) => call(r.reset, actor, userId),
    /** A user's tokens per model and day over the last `days` days (a read: retried like the usage calls). */
    tokens: async (actor: Actor, userId: string, days: number): Promise<TokenUsageReport> =>
      r.tokens.response.parse(
        await callDownstream({
          method: r.tokens.method,
          url: `${opts.baseUrl}${routePath(r.tokens, { userId })}?${new URLSearchParams({ days: String(days) })}`,
          headers: headersOf(actor),
          timeoutMs: opts.timeoutMs,
          label: 'The chat service',
          idempotent: { budgetMs: opts.budgetMs },
        }),
      ),
    providers: {
      list: (actor: Actor) => provider(p.list, actor, {}) as Promise<AdminProviderList>,
      create: (actor: Actor, body: CreateProviderRequest) =>
        provider(p.create, actor, {}, body) as Promise<AdminProviderResponse>,
      update: (actor: Actor, providerId: string, body: UpdateProviderRequest) =>
        provider(p.update, actor, { providerId }, body) as Promise<AdminProviderResponse>,
      remove: (actor: Actor, providerId: string) =>
        provider(p.remove, actor, { providerId }) as Promise<{ deleted: string }>,
    },
    /** Whether chat answers its readiness check; asked at most once per 2 s, each probe within 1 s. */
    isUp(): Promise<boolean> {
      const now = Date.now();
      if (probe && now - probe.at < 2_000) return probe.up;
      const up = fetch(`${opts.baseUrl}/readyz`, { signal: AbortSignal.timeout(1_000) })
        .then(
          (res) => res.ok,
          () => false,
        )
        .then((ok) => {
          failures = ok ? 0 : failures + 1;
          return failures < 2;
        });
      probe = { at: now, up };
      return up;
    },
  };
}
export type ChatClient = ReturnType<typeof createChatClient>;
