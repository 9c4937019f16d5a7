import { z } from 'zod';
import { isoDateTimeSchema, userIdSchema } from '../common/ids.schema';
import { adminActionSchema } from '../api/admin.schema';
import { defineEvent } from './envelope.schema';

/** Snapshot of the changed fields, before and after (never passwords: a reset records no value). */
const fieldsSnapshotSchema = z.record(z.string(), z.unknown()).nullable();

/** One entry of the admin audit log: who did what to whom, with before/after. */
export const adminActionRecordedEvent = defineEvent(
  'admin.action.recorded.v1',
  z.object({
    actorId: userIdSchema,
    targetUserId: userIdSchema,
    action: adminActionSchema,
    before: fieldsSnapshotSchema,
    after: fieldsSnapshotSchema,
    at: isoDateTimeSchema,
    /** Added later (optional for older payloads): the outcome and the request that caused it. */
    outcome: z.enum(['succeeded', 'failed', 'unknown']).optional(),
    requestId: z.string().nullable().optional(),
  }),
);
export type AdminActionRecordedData = z.infer<typeof adminActionRecordedEvent.data>;
