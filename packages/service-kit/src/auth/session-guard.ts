import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { EventBus } from '../events/event-bus';
import { requireUser } from './require-user';
import { RevocationList, startFollowingRevocations, type RevocationChange } from './revocation-list';

export interface SessionGuard {
  /** requireUser that also refuses revoked tokens (sign-out, sign-out everywhere, block, ban, ...). */
  authenticate: RequestHandler;
  readonly revocations: RevocationList;
  /**
   * Call in the service's start(): follows auth's revocations (every replica gets every one); `onChange`
   * hears each new one in this process (chat ends the streams and replies it holds).
   */
  start(onChange?: (change: RevocationChange) => void): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The signed-in check every service puts before its routes: signature and expiry (requireUser), and the
 * revocations auth announced, kept in memory from the event stream, so a revoked token is refused by
 * every service within milliseconds of its revocation (npm run bench:revocation).
 */
export function createSessionGuard(o: { bus: EventBus; publicKey: string; logger: Logger }): SessionGuard {
  const revocations = new RevocationList();
  let unfollow: () => Promise<void> = async () => undefined;
  return {
    authenticate: requireUser({ publicKey: o.publicKey, isRevoked: (user) => revocations.isRevoked(user) }),
    revocations,
    async start(onChange) {
      const onError = (err: unknown) =>
        o.logger.warn(
          { err },
          'following revocations failed: refusing by token expiry only until NATS is back',
        );
      unfollow = await startFollowingRevocations(o.bus, revocations, { onError, onChange });
    },
    stop: () => unfollow(),
  };
}
