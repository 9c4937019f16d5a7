import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { EventBus } from '../events/event-bus';
import type { AuthUser } from '../http/request-context';
import { requireUser } from './require-user';
import {
  RevocationList,
  startFollowingRevocations,
  type HeldToken,
  type RevocationChange,
} from './revocation-list';
import { sessionIntrospectionFor } from './session-introspection';
import { accessTokenFromHeaders } from './token-from-headers';

/** How often, while the revocation feed is stale, the tokens behind open streams are checked with auth. */
export const STALE_FEED_SWEEP_MS = 250;

export interface SessionGuardStart {
  /** Hears each new revocation in this process (chat ends the streams and replies it holds). */
  onChange?: (change: RevocationChange) => void;
  /** The users with something open here (streams, replies): swept while the feed is stale. */
  activeUsers?: () => Iterable<string>;
}

export interface SessionGuard {
  /** requireUser that also refuses revoked tokens (sign-out, sign-out everywhere, block, ban, ...). */
  authenticate: RequestHandler;
  readonly revocations: RevocationList;
  /**
   * Call in the service's start(): follows auth's revocations (every replica gets every one); with a
   * function, `onChange` only (the form before activeUsers).
   */
  start(hooks?: SessionGuardStart | ((change: RevocationChange) => void)): Promise<void>;
  stop(): Promise<void>;
}

/** The latest token each user presented here, per session: what a stale-feed sweep asks auth about. */
function createHeldTokens(maxUsers = 10_000) {
  const byUser = new Map<string, Map<string, HeldToken>>();
  return {
    hold(token: string, user: AuthUser) {
      let sessions = byUser.get(user.id);
      if (!sessions) {
        if (byUser.size >= maxUsers) byUser.delete(byUser.keys().next().value!);
        byUser.set(user.id, (sessions = new Map()));
      }
      sessions.set(user.sessionId ?? '', { token, user });
    },
    *of(userIds: Iterable<string>): Iterable<HeldToken> {
      for (const id of userIds) yield* byUser.get(id)?.values() ?? [];
    },
  };
}

/**
 * The signed-in check every service puts before its routes: signature and expiry (requireUser), and the
 * revocations auth announced, kept in memory from the event stream, so a revoked token is refused by
 * every service within milliseconds of its revocation (npm run bench:revocation). While that stream is
 * stale (NATS down, the follower behind: revocation-feed.ts) and `authUrl` is set, each request's token
 * is checked with auth (a verdict is reused INTROSPECTION_CACHE_MS) and the tokens behind open streams are swept.
 */
export function createSessionGuard(o: {
  bus: EventBus;
  publicKey: string;
  logger: Logger;
  /** auth's base URL for the stale-feed fallback; unset: a stale feed refuses by token expiry only. */
  authUrl?: string;
  sweepMs?: number;
}): SessionGuard {
  const revocations = new RevocationList(sessionIntrospectionFor(o.authUrl));
  const held = createHeldTokens();
  let unfollow: () => Promise<void> = async () => undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let stale = false;
  const watchStaleness = (activeUsers: () => Iterable<string>) => {
    sweeper = setInterval(() => {
      if (revocations.isStale() !== stale) {
        stale = !stale;
        if (stale) o.logger.warn('revocation feed stale: checking sessions with auth until it is current');
        else o.logger.info('revocation feed current again');
      }
      if (stale)
        void revocations
          .sweep(held.of(activeUsers()))
          .catch((err: unknown) => o.logger.warn({ err }, 'revocation sweep failed'));
    }, o.sweepMs ?? STALE_FEED_SWEEP_MS);
    sweeper.unref();
  };
  return {
    authenticate: requireUser({
      publicKey: o.publicKey,
      isRevoked: (user, req) => {
        const token = accessTokenFromHeaders(req.headers);
        if (!token) return revocations.isRevoked(user);
        held.hold(token, user);
        return revocations.check(user, token);
      },
    }),
    revocations,
    async start(hooks) {
      const { onChange, activeUsers } = typeof hooks === 'function' ? { onChange: hooks } : (hooks ?? {});
      const onError = (err: unknown) =>
        o.logger.warn(
          { err },
          'following revocations failed: checking sessions with auth until NATS is back',
        );
      unfollow = await startFollowingRevocations(o.bus, revocations, { onError, onChange });
      watchStaleness(activeUsers ?? (() => []));
    },
    async stop() {
      clearInterval(sweeper);
      await unfollow();
    },
  };
}
