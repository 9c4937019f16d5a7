import {
  eventDefinitionFor,
  sessionRevokedEvent,
  userUpdatedEvent,
  type EventEnvelope,
  type SessionIntrospection,
} from '@noek/contracts';
import type { EventBus, Following } from '../events/event-bus';
import { followInBackground } from '../events/follow-in-background';
import type { AuthUser } from '../http/request-context';
import { isFeedStale, type RevocationFeedState } from './revocation-feed';
import type { IntrospectSession, IntrospectSessions } from './session-introspection';

/**
 * How long a revocation matters: auth's longest access-token lifetime (ACCESS_TOKEN_TTL_SEC ≤ 3600) plus
 * clock tolerance. A token issued before a revocation older than this has expired anyway.
 */
export const REVOCATION_HORIZON_MS = 3_600_000 + 5_000;

/**
 * What an applied event revoked: one session, or every token of a user issued before now (`stop`: the
 * user is blocked or banned, so what they have running stops too). Null when nothing changed.
 */
export type RevocationChange =
  { kind: 'session'; userId: string; sessionId: string } | { kind: 'user'; userId: string; stop: boolean };

type TokenUser = Pick<AuthUser, 'id' | 'issuedAt' | 'sessionId'>;

/** A token and its (verified) user: what the stale-feed fallback asks auth about. */
export interface HeldToken {
  token: string;
  user: TokenUser;
}

export interface RevocationListOptions {
  now?: () => number;
  /**
   * Asks auth about a token (session-introspection.ts): used only while the feed is stale, so a
   * sign-out or ban takes effect with NATS down. Without it a stale feed refuses by expiry only.
   */
  introspect?: IntrospectSession;
  /** The same for many tokens in one call: the sweep's (without it the sweep asks one by one). */
  introspectMany?: IntrospectSessions;
  staleAfterMs?: number;
}

/**
 * The revocations of the last hour, in memory, in every process: per user the instant before which
 * tokens are refused (`sessionsValidAfter`: sign-out everywhere, password change, block, ban, level
 * change), and the sessions ended one by one (`sid`: a sign-out in one browser). Fed by followRevocations
 * (every replica gets every event, replayed at start), read by requireUser's `isRevoked` on each request.
 * While that feed is stale (revocation-feed.ts: bus down, follower behind) it also asks auth about the
 * tokens it is shown, and keeps what auth answers as if it had come from the feed.
 */
export class RevocationList {
  private readonly validAfter = new Map<string, number>();
  private readonly sessions = new Map<string, number>();
  private readonly listeners = new Set<(change: RevocationChange) => void>();
  private applied = 0;
  private readonly now: () => number;
  private readonly introspect?: IntrospectSession;
  private readonly introspectMany?: IntrospectSessions;
  private readonly staleAfterMs?: number;
  /** The feed filling this list (set by followRevocations). */
  readonly feed: RevocationFeedState = {};

  constructor(options: RevocationListOptions | (() => number) = {}) {
    const o = typeof options === 'function' ? { now: options } : options;
    this.now = o.now ?? Date.now;
    this.introspect = o.introspect;
    this.introspectMany = o.introspectMany;
    this.staleAfterMs = o.staleAfterMs;
  }

  /** Hears every revocation this list learns, from the feed or from auth; answers the unsubscribe. */
  onChange(listener: (change: RevocationChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** An auth event; anything else (or a malformed one) changes nothing. */
  apply(envelope: EventEnvelope): RevocationChange | null {
    if (++this.applied % 1_000 === 0) this.prune();
    const def = eventDefinitionFor(envelope.type);
    if (def === userUpdatedEvent) {
      const parsed = userUpdatedEvent.data.safeParse(envelope.data);
      if (!parsed.success) return null;
      const { userId, sessionsValidAfter, isBlocked, isBanned } = parsed.data;
      const at = sessionsValidAfter ? Date.parse(sessionsValidAfter) : 0;
      return this.revokeUser(userId, at, isBlocked || isBanned);
    }
    if (def === sessionRevokedEvent) {
      const parsed = sessionRevokedEvent.data.safeParse(envelope.data);
      if (!parsed.success) return null;
      const { userId, sessionId, revokedAt } = parsed.data;
      return this.revokeSession(userId, sessionId, Date.parse(revokedAt));
    }
    return null;
  }

  /**
   * Auth's verdict on one token (introspection): an ended token is refused from now on, as the event
   * that ended it would have done (its session, or every token of the user issued before the horizon).
   */
  learn(user: TokenUser, verdict: SessionIntrospection): RevocationChange | null {
    if (verdict.active) return null;
    if (verdict.ended === 'session' && user.sessionId)
      return this.revokeSession(user.id, user.sessionId, this.now());
    const horizon = verdict.sessionsValidAfter ? Date.parse(verdict.sessionsValidAfter) : 0;
    // A ban that left the horizon alone still ends this token: refuse what was issued up to it.
    return this.revokeUser(user.id, Math.max(horizon, user.issuedAt.getTime() + 1), verdict.stop);
  }

  private revokeUser(userId: string, at: number, stop: boolean): RevocationChange | null {
    const moved = at > (this.validAfter.get(userId) ?? 0);
    if (moved) this.validAfter.set(userId, at);
    return moved || stop ? this.tell({ kind: 'user', userId, stop }) : null;
  }

  private revokeSession(userId: string, sessionId: string, revokedAt: number): RevocationChange | null {
    if (this.sessions.has(sessionId)) return null;
    this.sessions.set(sessionId, revokedAt + REVOCATION_HORIZON_MS);
    return this.tell({ kind: 'session', userId, sessionId });
  }

  private tell(change: RevocationChange): RevocationChange {
    for (const listener of this.listeners) listener(change);
    return change;
  }

  /** The feed may have missed a revocation (revocation-feed.ts), measured now. */
  isStale(): boolean {
    return isFeedStale(this.feed, this.now(), this.staleAfterMs);
  }

  /**
   * The same rule as auth's (iat ≥ sessionsValidAfter) and chat's; and the session not ended. From memory
   * alone: `check` also asks auth while the feed is stale.
   */
  isRevoked(user: TokenUser): boolean {
    return this.knowsRevoked(user);
  }

  /** isRevoked, waiting for auth's answer while the feed is stale (each request's check, services and gateway). */
  async check(user: TokenUser, token: string): Promise<boolean> {
    if (this.knowsRevoked(user)) return true;
    if (!this.introspect || !this.isStale()) return false;
    return this.ask({ token, user });
  }

  /**
   * While the feed is stale, asks auth about each held token (an open stream's, a live reply's): what
   * auth ended reaches the listeners, which end those streams. Nothing to do while the feed is current.
   */
  async sweep(held: Iterable<HeldToken>): Promise<void> {
    if (!this.introspect || !this.isStale()) return;
    const asking = new Map<string, HeldToken>();
    for (const h of held) if (!this.knowsRevoked(h.user)) asking.set(h.token, h);
    if (asking.size === 0) return;
    if (!this.introspectMany) {
      await Promise.all([...asking.values()].map((h) => this.ask(h)));
      return;
    }
    // One call for them all: one per token, from every replica four times a second, overwhelmed auth.
    const verdicts = await this.introspectMany([...asking.keys()]);
    [...asking.values()].forEach((h, i) => {
      const verdict = verdicts[i];
      if (verdict) this.learn(h.user, verdict);
    });
  }

  private async ask({ token, user }: HeldToken): Promise<boolean> {
    const verdict = await this.introspect?.(token);
    // Auth unreachable too: what the list knows stands (auth is where revocations are made).
    if (!verdict) return false;
    this.learn(user, verdict);
    return !verdict.active;
  }

  private knowsRevoked(user: TokenUser): boolean {
    const after = this.validAfter.get(user.id);
    if (after !== undefined && user.issuedAt.getTime() < after) return true;
    if (!user.sessionId) return false;
    const until = this.sessions.get(user.sessionId);
    return until !== undefined && until > this.now();
  }

  /** Forgets what can no longer refuse any unexpired token. */
  prune(): void {
    const now = this.now();
    for (const [id, at] of this.validAfter) if (at + REVOCATION_HORIZON_MS < now) this.validAfter.delete(id);
    for (const [sid, until] of this.sessions) if (until <= now) this.sessions.delete(sid);
  }

  get size(): number {
    return this.validAfter.size + this.sessions.size;
  }
}

/**
 * Fills `list` from the bus: the last hour's revocations first (so a replica that just started refuses
 * what the others refuse), then each new one as auth's outbox publishes it (milliseconds after its commit).
 */
export async function followRevocations(
  bus: EventBus,
  list: RevocationList,
  onChange?: (change: RevocationChange) => void,
): Promise<Following> {
  list.feed.bus = bus;
  const unlisten = onChange ? list.onChange(onChange) : () => undefined;
  const following = await bus.follow({
    subjects: [userUpdatedEvent.subject, sessionRevokedEvent.subject],
    sinceMs: REVOCATION_HORIZON_MS,
    handler: (envelope) => void list.apply(envelope),
  });
  list.feed.following = following;
  return {
    ...(following.currentAsOf ? { currentAsOf: () => following.currentAsOf!() } : {}),
    async stop() {
      unlisten();
      if (list.feed.following === following) list.feed.following = undefined;
      await following.stop();
    },
  };
}

/**
 * How long a follower may stay stale while the bus is connected before it is replaced by a new one (which
 * replays the last hour: applying an event twice changes nothing). The client's ordered consumer can fail
 * to come back after a NATS server restart; its silence is what the feed's staleness measures.
 */
export const STALE_FOLLOWER_RESTART_MS = 10_000;

/**
 * For a service's start(): follows revocations without making the start wait for NATS for long. With
 * NATS up the replay is handled before the first request (well under a second); with NATS down the
 * service starts anyway (its feed stale: it asks auth about each token, or refuses by expiry only) and
 * follows once NATS is back; a follower still stale STALE_FOLLOWER_RESTART_MS after the bus reconnected is
 * replaced. Answers the function that stops following.
 */
export async function startFollowingRevocations(
  bus: EventBus,
  list: RevocationList,
  hooks: { onError: (err: unknown) => void; onChange?: (change: RevocationChange) => void },
  waitMs = 2_000,
  restartAfterMs = STALE_FOLLOWER_RESTART_MS,
): Promise<() => Promise<void>> {
  list.feed.bus = bus;
  const follow = () =>
    followInBackground(() => followRevocations(bus, list, hooks.onChange), hooks.onError, waitMs);
  let unfollow = await follow();
  let staleSince: number | undefined;
  let replacing = false;
  const watchdog = setInterval(() => {
    const stuck = bus.isHealthy() && list.feed.following !== undefined && list.isStale();
    staleSince = stuck ? (staleSince ?? Date.now()) : undefined;
    if (replacing || staleSince === undefined || Date.now() - staleSince < restartAfterMs) return;
    replacing = true;
    staleSince = undefined;
    const old = unfollow;
    void old()
      .then(follow)
      .then((next) => (unfollow = next), hooks.onError)
      .finally(() => (replacing = false));
  }, 1_000);
  watchdog.unref();
  return async () => {
    clearInterval(watchdog);
    await unfollow();
  };
}
