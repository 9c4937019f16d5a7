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
