import { z } from 'zod';
import { accessLevelSchema } from '../entities/access-level.schema';

/** Whether a provider answered its last model listing; `unauthorized`: it refused its API key. */
export const providerHealthSchema = z.enum(['unknown', 'up', 'down', 'unauthorized']);
export type ProviderHealth = z.infer<typeof providerHealthSchema>;

/** Who serves a model, as browsers may see it (never its address or key). */
export const modelProviderSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** Found on the server's own machine (a local Ollama), not configured. */
  local: z.boolean(),
  health: providerHealthSchema,
});
export type ModelProviderInfo = z.infer<typeof modelProviderSchema>;

/** A plan named to the user: its level and its display name ('SuperNoek'). */
export const namedPlanSchema = z.object({ level: accessLevelSchema, name: z.string().min(1) });
export type NamedPlan = z.infer<typeof namedPlanSchema>;

/**
 * One model a user may pick; `id` is `<provider id>/<model name>`. `allowed` false: the user's plan
 * does not include it (sending with it is refused); `availableOn` names the plan that does (null: none
 * the user could move to). Both absent mean allowed.
 */
export const chatModelSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  provider: modelProviderSchema,
  allowed: z.boolean().optional(),
  availableOn: namedPlanSchema.nullable().optional(),
});
export type ChatModel = z.infer<typeof chatModelSchema>;

/** GET /api/conversations/models. `defaultModelId` null: no model answers, the offline responder does. */
export const modelListSchema = z.object({
  models: z.array(chatModelSchema),
  defaultModelId: z.string().nullable(),
});
export type ModelList = z.infer<typeof modelListSchema>;

/** The model that answers when none is picked, for the screen to say so. */
export const answeringModelSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  provider: z.string().min(1),
  local: z.boolean(),
});
export type AnsweringModel = z.infer<typeof answeringModelSchema>;

/** PATCH /api/conversations/:id/model; answered with the conversation (entities/conversation.schema.ts). */
export const pickModelRequestSchema = z.object({ model: z.string().min(1).max(300) });
export type PickModelRequest = z.infer<typeof pickModelRequestSchema>;
