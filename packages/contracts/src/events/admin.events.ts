import { z } from 'zod';
import { isoDateTimeSchema, userIdSchema } from '../common/ids.schema';
import { planLimitsSchema } from '../api/plan-settings.schema';
import { accessLevelSchema } from '../entities/access-level.schema';
import { defineEvent } from './envelope.schema';

/**
 * An admin changed a plan's limits: the whole new setting, so consumers keep the latest (by `updatedAt`)
 * and chat applies it to the next message at once.
 */
export const planUpdatedEvent = defineEvent(
  'admin.plan.updated.v1',
  z.object({
    level: accessLevelSchema,
    limits: planLimitsSchema,
    actorId: userIdSchema,
    updatedAt: isoDateTimeSchema,
  }),
);
export type PlanUpdatedData = z.infer<typeof planUpdatedEvent.data>;

/** An admin turned public share links on or off: chat keeps the latest (by `updatedAt`) and applies it at once. */
export const sharingUpdatedEvent = defineEvent(
  'admin.sharing.updated.v1',
  z.object({ enabled: z.boolean(), actorId: userIdSchema, updatedAt: isoDateTimeSchema }),
);
export type SharingUpdatedData = z.infer<typeof sharingUpdatedEvent.data>;
