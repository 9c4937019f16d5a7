import type { z } from 'zod';
import {
  sessionRevokedEvent,
  userRegisteredEvent,
  userSignedInEvent,
  userUpdatedEvent,
  userVerifiedEvent,
} from './auth.events';
import { planUpdatedEvent, sharingUpdatedEvent } from './admin.events';
import { subscriptionChangedEvent } from './billing.events';
import { feedbackGivenEvent, messageSentEvent, replyFinishedEvent } from './chat.events';
import { templateNoteCreatedEvent } from '../api/template.schema';
import { eventEnvelopeSchema, type EventEnvelope } from './envelope.schema';

/** Every event of the product, in one list (for stream setup, consumers and tests). */
export const allEvents = [
  userRegisteredEvent,
  userVerifiedEvent,
  userUpdatedEvent,
  sessionRevokedEvent,
  userSignedInEvent,
  messageSentEvent,
  replyFinishedEvent,
  feedbackGivenEvent,
  subscriptionChangedEvent,
  planUpdatedEvent,
  sharingUpdatedEvent,
  templateNoteCreatedEvent,
] as const;

export type AnyEventDefinition = (typeof allEvents)[number];
export type EventSubject = AnyEventDefinition['subject'];

export const eventSubjects = {
  userRegistered: userRegisteredEvent.subject,
  userVerified: userVerifiedEvent.subject,
  userUpdated: userUpdatedEvent.subject,
  sessionRevoked: sessionRevokedEvent.subject,
  messageSent: messageSentEvent.subject,
  subscriptionChanged: subscriptionChangedEvent.subject,
  userSignedIn: userSignedInEvent.subject,
  replyFinished: replyFinishedEvent.subject,
  feedbackGiven: feedbackGivenEvent.subject,
  planUpdated: planUpdatedEvent.subject,
  sharingUpdated: sharingUpdatedEvent.subject,
  templateNoteCreated: templateNoteCreatedEvent.subject,
} as const satisfies Record<string, EventSubject>;

/** The one JetStream stream (architecture.md); each service publishes under its own name. */
export const NOEK_STREAM = 'NOEK';
export const noekStreamSubjects = ['auth.>', 'chat.>', 'billing.>', 'admin.>', 'template.>'] as const;
export const eventStream = { name: NOEK_STREAM, subjects: noekStreamSubjects } as const;
/** Alias of `eventStream`. */
export const noekStream = eventStream;

/** Subject messages go to after max deliveries on durable `durable`. */
export function deadLetterSubject(durable: string): string {
  return `dlq.${durable}`;
}

/** The data schema of `subject`'s event, or undefined when no such event exists. */
export function eventDefinitionFor(subject: string): AnyEventDefinition | undefined {
  return allEvents.find((e) => e.subject === subject);
}

/** Data type of one event by subject: `EventData<'auth.user.updated.v1'>`. */
export type EventData<S extends EventSubject> = z.infer<Extract<AnyEventDefinition, { subject: S }>['data']>;

/**
 * Parses a raw message into a typed envelope: the envelope shape, a known subject matching `type`,
 * then that event's data. Throws a ZodError (or Error for an unknown type) so consumers dead-letter it.
 */
export function parseEventEnvelope<S extends EventSubject>(
  raw: unknown,
  subject?: S,
): EventEnvelope<EventData<S>> {
  const base = eventEnvelopeSchema.parse(raw);
  if (subject !== undefined && base.type !== subject)
    throw new Error(`Expected ${subject}, got ${base.type}`);
  const def = eventDefinitionFor(base.type);
  if (!def) throw new Error(`Unknown event type ${base.type}`);
  return { ...base, data: def.data.parse(base.data) } as EventEnvelope<EventData<S>>;
}
