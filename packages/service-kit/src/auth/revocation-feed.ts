import type { EventBus, Following } from '../events/event-bus';

/**
 * How long a revocation feed may go without proof that it is current before its process stops relying
 * on it alone. The NATS follower hears a server heartbeat every second while idle; a disconnected bus
 * counts as stale at once (nothing can arrive).
 */
export const REVOCATION_FEED_STALE_AFTER_MS = 2_500;

/** What a revocation list knows of the feed that fills it. */
export interface RevocationFeedState {
  /** The bus the list follows; unset before anyone followed it. */
  bus?: Pick<EventBus, 'isHealthy'>;
  /** The follower, once its replay is handled; unset while NATS has not answered yet. */
  following?: Pick<Following, 'currentAsOf'>;
}

/**
 * Whether the feed may have missed a revocation: a bus that is disconnected, a follower that has not
 * started, or one not known current for `staleAfterMs` (no heartbeat, or still catching up). A follower
 * without `currentAsOf` (the in-process bus) cannot fall behind. A list nobody follows (no bus: a gateway
 * run without NATS leaves revocation to the services) has no feed to be stale.
 */
export function isFeedStale(
  feed: RevocationFeedState,
  now: number,
  staleAfterMs = REVOCATION_FEED_STALE_AFTER_MS,
): boolean {
  if (!feed.bus) return false;
  if (!feed.bus.isHealthy() || !feed.following) return true;
  const currentAsOf = feed.following.currentAsOf?.();
  return currentAsOf !== undefined && now - currentAsOf > staleAfterMs;
}
