import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids.schema';
import { messageLimits } from '../constants';
import { accessLevels, accessLevelSchema, type AccessLevel } from '../entities/access-level.schema';

/** Upper bounds only keep values storable and meaningful (a window longer than a year is a typo). */
export const PLAN_MESSAGES_MAX = 100_000_000;
export const PLAN_WINDOW_HOURS_MAX = 8_760;
export const PLAN_TOKEN_BUDGET_MAX = 1_000_000_000_000;
export const PLAN_MODELS_MAX = 100;

/**
 * The editable limits of one level. `messagesPerWindow` and `windowHours` are both null (unlimited, never
 * resets) or both set. `tokenBudget`: tokens per window, null for no token cap. `allowedModels`: empty
 * means every model.
 */
export const planLimitsSchema = z
  .object({
    messagesPerWindow: z.number().int().min(1).max(PLAN_MESSAGES_MAX).nullable(),
    windowHours: z.number().int().min(1).max(PLAN_WINDOW_HOURS_MAX).nullable(),
    tokenBudget: z.number().int().min(1).max(PLAN_TOKEN_BUDGET_MAX).nullable(),
    allowedModels: z
      .array(z.string().trim().min(1).max(200))
      .max(PLAN_MODELS_MAX)
      .transform((list) => [...new Set(list)]),
  })
  .refine((p) => (p.messagesPerWindow === null) === (p.windowHours === null), {
    message: 'Messages per window and window length are both set, or both empty for unlimited',
    path: ['windowHours'],
  });
export type PlanLimits = z.output<typeof planLimitsSchema>;

/** PUT /api/admin/plans/:level body. */
export const updatePlanRequestSchema = planLimitsSchema;
export type UpdatePlanRequest = z.input<typeof updatePlanRequestSchema>;
export const planLevelParamsSchema = z.object({ level: accessLevelSchema });

/** One plan as the admin API answers it; `updatedAt` null while it still holds the spec's defaults. */
export const planSettingsSchema = z.object({
  level: accessLevelSchema,
  limits: planLimitsSchema,
  updatedAt: isoDateTimeSchema.nullable(),
});
export type PlanSettings = z.infer<typeof planSettingsSchema>;

/** GET /api/admin/plans: every level, in accessLevels order. PUT answers `{ plan }`. */
export const planSettingsListResponseSchema = z.object({ plans: z.array(planSettingsSchema) });
export type PlanSettingsListResponse = z.infer<typeof planSettingsListResponseSchema>;
export const planSettingsResponseSchema = z.object({ plan: planSettingsSchema });
export type PlanSettingsResponse = z.infer<typeof planSettingsResponseSchema>;

/** The spec's §9 values: what every plan holds until an admin changes it. */
export function defaultPlanLimits(level: AccessLevel): PlanLimits {
  const { limit, periodHours } = messageLimits[level];
  return { messagesPerWindow: limit, windowHours: periodHours, tokenBudget: null, allowedModels: [] };
}
export const defaultPlanSettings = (): PlanSettings[] =>
  accessLevels.map((level) => ({ level, limits: defaultPlanLimits(level), updatedAt: null }));
