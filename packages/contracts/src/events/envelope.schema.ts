import { z } from 'zod';

/**
 * Every event on the bus travels in this envelope. `type` equals the subject:
 * `<service>.<entity>.<past-verb>.v<N>`; a breaking change to `data` means a new N.
 */
export const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().regex(/^[a-z]+\.[a-z-]+\.[a-z-]+\.v\d+$/),
  time: z.iso.datetime(),
  correlationId: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** Builds the schema of one concrete event from its subject and data schema. */
export function defineEvent<const S extends string, D extends z.ZodType>(subject: S, data: D) {
  return {
    subject,
    data,
    envelope: eventEnvelopeSchema.extend({ type: z.literal(subject), data }),
  } as const;
}
export type EventDefinition<S extends string = string, D extends z.ZodType = z.ZodType> = {
  subject: S;
  data: D;
  envelope: z.ZodType;
};

/**
 * THE way an event envelope is built: a new id, the event's subject as its type, its data checked by the
 * event's own schema (a wrong shape fails where it is written, not in every consumer).
 */
export function createEnvelope<E extends { subject: string; data: z.ZodType }>(
  event: E,
  data: z.input<E['data']>,
  correlationId: string,
  time: Date = new Date(),
): EventEnvelope<z.output<E['data']>> {
  return {
    id: globalThis.crypto.randomUUID(),
    type: event.subject,
    time: time.toISOString(),
    correlationId,
    data: event.data.parse(data) as z.output<E['data']>,
  };
}
