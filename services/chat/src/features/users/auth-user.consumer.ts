import {
  parseEventEnvelope,
  userRegisteredEvent,
  userUpdatedEvent,
  type EventEnvelope,
} from '@noek/contracts';
import { consumeOnce, type EventBus, type Subscription } from '@noek/service-kit';
import type { ChatDb } from '../../database';
import { createChatUsersRepository, type AuthUserFacts } from './chat-users.repository';

export const AUTH_USERS_DURABLE = 'chat-auth-users';

/** auth.user.registered.v1 / auth.user.updated.v1 → the facts chat keeps (level, block, ban, revocation). */
export function factsFromEvent(raw: EventEnvelope): AuthUserFacts | null {
  if (raw.type === userRegisteredEvent.subject) {
    const { data } = parseEventEnvelope(raw, userRegisteredEvent.subject);
    return {
      userId: data.userId,
      accessLevel: data.accessLevel,
      isBlocked: false,
      isBanned: false,
      sessionsValidAfter: null,
      at: new Date(data.registeredAt),
    };
  }
  if (raw.type === userUpdatedEvent.subject) {
    const { data } = parseEventEnvelope(raw, userUpdatedEvent.subject);
    return {
      userId: data.userId,
      accessLevel: data.accessLevel,
      isBlocked: data.isBlocked,
      isBanned: data.isBanned,
      sessionsValidAfter: data.sessionsValidAfter ? new Date(data.sessionsValidAfter) : null,
      at: new Date(data.updatedAt),
    };
  }
  return null;
}

/** Applies one auth event exactly once (processed-event row in the same transaction). */
export type OnAuthFacts = (facts: AuthUserFacts, change: { revoked: boolean }) => void;

export async function handleAuthUserEvent(
  db: ChatDb,
  envelope: EventEnvelope,
  consumer = AUTH_USERS_DURABLE,
  onApplied?: OnAuthFacts,
): Promise<void> {
  const facts = factsFromEvent(envelope);
  if (!facts) return;
  let result = { applied: false, revoked: false };
  await consumeOnce(db, consumer, envelope, async (tx) => {
    result = await createChatUsersRepository(tx).applyAuthFacts(facts);
  });
  if (result.applied) onApplied?.(facts, { revoked: result.revoked });
}

/** The durable consumer keeping chat's copy of each user's level and status current. */
export function subscribeAuthUsers(
  bus: EventBus,
  db: ChatDb,
  durable = AUTH_USERS_DURABLE,
  onApplied?: OnAuthFacts,
): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: [userRegisteredEvent.subject, userUpdatedEvent.subject],
    handler: (envelope) => handleAuthUserEvent(db, envelope, durable, onApplied),
  });
}
