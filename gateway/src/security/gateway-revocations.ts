import {
  RevocationList,
  STALE_FEED_SWEEP_MS,
  accessTokenFromHeaders,
  sessionIntrospectionFor,
  startFollowingRevocations,
  type EventBus,
  type HeldToken,
  type Logger,
  type RevocationChange,
} from '@noek/service-kit';
import type { StreamOpener } from '../proxy/proxy-context';
import { unverifiedUserOf, type VerifiedTokens } from './verified-tokens';

/** Open event streams, each with the request that opened it (proxy/proxy-context.ts `streams`). */
export type OpenStreams = ReadonlyMap<() => void, StreamOpener>;

/**
 * How long a revoked stream stays open at the gateway: chat hears the same revocation and ends its streams
 * with a final `error` event (the one frame that needs the reply's message, which the gateway does not
 * know); this leaves that frame time to arrive. The gateway then ends what is still open, cleanly.
 */
export const REVOKED_STREAM_GRACE_MS = 40;

/**
 * The same grace while the revocation feed is stale: chat then learns of the revocation by its own sweep
 * (every STALE_FEED_SWEEP_MS), up to a sweep after the gateway did.
 */
export const STALE_REVOKED_STREAM_GRACE_MS = 2 * STALE_FEED_SWEEP_MS;

export interface GatewayRevocations {
  /** What the session check reads on every request. */
  readonly list: RevocationList;
  /** Follows auth's revocations on `bus` (replaying the last hour first; waits at most ~2 s for NATS). */
  start(bus: EventBus): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The services' revocation follower (service-kit's RevocationList, fed by startFollowingRevocations) in the
 * gateway: the session check refuses a revoked token with it, and each revocation ends the open streams
 * whose token it revokes, after REVOKED_STREAM_GRACE_MS. While the feed is stale (NATS down, the follower
 * behind) and `authUrl` is set, the list asks auth about the tokens it sees (in the background: the
 * session check answers at once, the services wait for auth) and, every STALE_FEED_SWEEP_MS, about the
 * tokens of the open streams, so a stream signed out or banned meanwhile ends too.
 */
export function createGatewayRevocations(o: {
  streams: OpenStreams;
  verified: VerifiedTokens;
  logger: Logger;
  graceMs?: number;
  /** auth's base URL (its first address): the stale-feed fallback. */
  authUrl?: string;
  sweepMs?: number;
}): GatewayRevocations {
  const list = new RevocationList(sessionIntrospectionFor(o.authUrl));
  const graceMs = o.graceMs ?? REVOKED_STREAM_GRACE_MS;
  let unfollow: () => Promise<void> = async () => undefined;
  let sweeper: NodeJS.Timeout | undefined;

  const onChange = (change: RevocationChange) => {
    const ends = revokedStreams(o.streams, o.verified, list, change.userId);
    if (ends.length === 0) return;
    o.logger.info(
      { userId: change.userId, kind: change.kind, streams: ends.length },
      'ending revoked streams',
    );
    const timer = setTimeout(
      () => {
        // Those the service ended meanwhile have left the map.
        for (const end of ends) if (o.streams.has(end)) end();
      },
      list.isStale() ? Math.max(graceMs, STALE_REVOKED_STREAM_GRACE_MS) : graceMs,
    );
    timer.unref();
  };

  return {
    list,
    async start(bus) {
      const onError = (err: unknown) =>
        o.logger.warn({ err }, 'following revocations failed: the services still refuse revoked tokens');
      unfollow = await startFollowingRevocations(bus, list, { onError, onChange });
      sweeper = setInterval(() => {
        void list.sweep(heldTokens(o.streams, o.verified)).catch((err: unknown) => {
          o.logger.warn({ err }, 'revocation sweep failed');
        });
      }, o.sweepMs ?? STALE_FEED_SWEEP_MS);
      sweeper.unref();
    },
    async stop() {
      clearInterval(sweeper);
      await unfollow();
    },
  };
}

/** The tokens of the open streams with their users (the stale-feed sweep asks auth about them). */
function* heldTokens(streams: OpenStreams, verified: VerifiedTokens): Iterable<HeldToken> {
  for (const req of streams.values()) {
    const token = accessTokenFromHeaders(req.headers);
    const user = token ? (verified.get(token) ?? unverifiedUserOf(token)) : undefined;
    if (token && user) yield { token, user };
  }
}

/** The end functions of `userId`'s open streams whose token `list` now refuses. */
export function revokedStreams(
  streams: OpenStreams,
  verified: VerifiedTokens,
  list: Pick<RevocationList, 'isRevoked'>,
  userId: string,
): (() => void)[] {
  const ends: (() => void)[] = [];
  for (const [end, req] of streams) {
    const token = accessTokenFromHeaders(req.headers);
    if (!token) continue;
    // The gateway verified this token before letting the stream open; the cache may have dropped it since.
    const user = verified.get(token) ?? unverifiedUserOf(token);
    if (user?.id === userId && list.isRevoked(user)) ends.push(end);
  }
  return ends;
}
