import {
  actorHeader,
  chatUsageRoutes as r,
  routePath,
  serviceTokenHeader,
  userUsageSchema,
  type UserUsage,
} from '@noek/contracts';
import { callDownstream } from './downstream';
import type { ServiceTokens } from './service-token';

/**
 * chat's internal usage API (contracts chatUsageRoutes). chat checks the acting admin's own access token
 * (forwarded as Bearer) against its copy of the user's level, and receives the service token too.
 */
export function createChatClient(opts: {
  baseUrl: string;
  tokens: ServiceTokens;
  timeoutMs: number;
  budgetMs: number;
}) {
  const call = async (
    route: { method: string; path: string },
    actor: { id: string; accessToken: string },
    userId: string,
    body?: unknown,
  ): Promise<UserUsage> =>
    userUsageSchema.parse(
      await callDownstream({
        method: route.method,
        url: `${opts.baseUrl}${routePath(route as never, { userId })}`,
        headers: {
          authorization: `Bearer ${actor.accessToken}`,
          [serviceTokenHeader]: opts.tokens('chat'),
          [actorHeader]: actor.id,
        },
        body,
        timeoutMs: opts.timeoutMs,
        label: 'The chat service',
        // Both set the count (to a number, or to 0): sent again, they leave the same count.
        idempotent: { budgetMs: opts.budgetMs },
      }),
    );
  let probe: { at: number; up: Promise<boolean> } | undefined;
  // One slow answer on a busy machine is not an outage: chat counts as down after two failed probes in a row.
  let failures = 0;
  return {
    updateUsage: (actor: { id: string; accessToken: string }, userId: string, messageCount: number) =>
      call(r.update, actor, userId, { messageCount }),
    resetUsage: (actor: { id: string; accessToken: string }, userId: string) => call(r.reset, actor, userId),
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
