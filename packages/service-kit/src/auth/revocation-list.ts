import {
  eventDefinitionFor,
  sessionRevokedEvent,
  userUpdatedEvent,
  type EventEnvelope,
} from '@noek/contracts';
import type { EventBus, Following } from '../events/event-bus';
import { followInBackground } from '../events/follow-in-background';
import type { AuthUser } from '../http/request-context';

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

/**
 * The revocations of the last hour, in memory, in every process: per user the instant before which
 * tokens are refused (`sessionsValidAfter`: sign-out everywhere, password change, block, ban, level
 * change), and the sessions ended one by one (`sid`: a sign-out in one browser). Fed by followRevocations
 * (every replica gets every event, replayed at start), read by requireUser's `isRevoked` on each request.
 */
export class RevocationList {
  private readonly validAfter = new Map<string, number>();
  private readonly sessions = new Map<string, number>();
  private applied = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** An auth event; anything else (or a malformed one) changes nothing. */
  apply(envelope: EventEnvelope): RevocationChange | null {
    if (++this.applied % 1_000 === 0) this.prune();
    const def = eventDefinitionFor(envelope.type);
    if (def === userUpdatedEvent) {
      const parsed = userUpdatedEvent.data.safeParse(envelope.data);
      if (!parsed.success) return null;
      const { userId, sessionsValidAfter, isBlocked, isBanned } = parsed.data;
      const at = sessionsValidAfter ? Date.parse(sessionsValidAfter) : 0;
      const moved = at > (this.validAfter.get(userId) ?? 0);
      if (moved) this.validAfter.set(userId, at);
      const stop = isBlocked || isBanned;
      return moved || stop ? { kind: 'user', userId, stop } : null;
    }
    if (def === sessionRevokedEvent) {
      const parsed = sessionRevokedEvent.data.safeParse(envelope.data);
      if (!parsed.success) return null;
      const { userId, sessionId, revokedAt } = parsed.data;
      if (this.sessions.has(sessionId)) return null;
      this.sessions.set(sessionId, Date.parse(revokedAt) + REVOCATION_HORIZON_MS);
      return { kind: 'session', userId, sessionId };
    }
    return null;
  }

  /** The same rule as auth's (iat ≥ sessionsValidAfter) and chat's; and the session not ended. */
  isRevoked(user: Pick<AuthUser, 'id' | 'issuedAt' | 'sessionId'>): boolean {
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
export function followRevocations(
  bus: EventBus,
  list: RevocationList,
  onChange?: (change: RevocationChange) => void,
): Promise<Following> {
  return bus.follow({
    subjects: [userUpdatedEvent.subject, sessionRevokedEvent.subject],
    sinceMs: REVOCATION_HORIZON_MS,
    handler: (envelope) => {
      const change = list.apply(envelope);
      if (change) onChange?.(change);
    },
  });
}

/**
 * For a service's start(): follows revocations without making the start wait for NATS for long. With
 * NATS up the replay is handled before the first request (well under a second); with NATS down the
 * service starts anyway (degraded, still refusing through the token's own expiry) and follows once NATS
 * is back. Answers the function that stops following.
 */
export function startFollowingRevocations(
  bus: EventBus,
  list: RevocationList,
  hooks: { onError: (err: unknown) => void; onChange?: (change: RevocationChange) => void },
  waitMs = 2_000,
): Promise<() => Promise<void>> {
  return followInBackground(() => followRevocations(bus, list, hooks.onChange), hooks.onError, waitMs);
}
