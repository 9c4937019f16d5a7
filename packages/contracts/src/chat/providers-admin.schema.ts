import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids.schema';
import { storableText } from '../common/text.schema';
import { providerHealthSchema } from './models.schema';

/**
 * Model providers managed by admins (ours, issue 27): OpenAI-compatible endpoints stored by chat, their
 * API keys encrypted at rest. Browsers never get a key back: only whether one is set and its last 4
 * characters. Served publicly by the admin service (/api/admin/providers) which calls chat's
 * /internal/providers (the gateway never routes those).
 */
export const chatProvidersRoutes = {
  list: { method: 'GET', path: '/internal/providers' },
  create: { method: 'POST', path: '/internal/providers' },
  update: { method: 'PATCH', path: '/internal/providers/:providerId' },
  remove: { method: 'DELETE', path: '/internal/providers/:providerId' },
} as const;

export const PROVIDER_MODELS_MAX = 200;
export const BAD_PROVIDER_URL_MESSAGE =
  'Enter the full address of the API, starting with http:// or https://';

/** Part of every model id (`<id>/<model>`), so lower case letters, digits and dashes. */
export const providerIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Use 1 to 40 lower case letters, digits and dashes');

/** The OpenAI-compatible base URL (its `/v1`), http or https only. */
export const providerBaseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, BAD_PROVIDER_URL_MESSAGE);

const providerNameSchema = storableText().trim().min(1, 'Enter a name').max(60);
const providerApiKeySchema = storableText().trim().min(1).max(500);
/** Empty: every model the provider lists. */
const providerModelsSchema = z
  .array(z.string().trim().min(1).max(200))
  .max(PROVIDER_MODELS_MAX)
  .transform((list) => [...new Set(list)]);

export const providerParamsSchema = z.object({ providerId: providerIdSchema });

/** POST /api/admin/providers */
export const createProviderRequestSchema = z.object({
  id: providerIdSchema,
  name: providerNameSchema,
  baseUrl: providerBaseUrlSchema,
  apiKey: providerApiKeySchema.optional(),
  models: providerModelsSchema.default([]),
  enabled: z.boolean().default(true),
});
export type CreateProviderRequest = z.input<typeof createProviderRequestSchema>;

/** PATCH /api/admin/providers/:providerId: `apiKey` absent keeps the stored key, null removes it. */
export const updateProviderRequestSchema = z.object({
  name: providerNameSchema.optional(),
  baseUrl: providerBaseUrlSchema.optional(),
  apiKey: providerApiKeySchema.nullable().optional(),
  models: providerModelsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateProviderRequest = z.input<typeof updateProviderRequestSchema>;

/** One provider as admins see it. `source: 'environment'`: configured by env vars, read-only here. */
export const adminProviderSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  source: z.enum(['stored', 'environment']),
  /** Empty for env providers with the default OpenAI address. */
  baseUrl: z.string(),
  apiKey: z.object({ set: z.boolean(), last4: z.string().max(4).nullable() }),
  models: z.array(z.string()),
  enabled: z.boolean(),
  health: providerHealthSchema,
  checkedAt: isoDateTimeSchema.nullable(),
  /** Models the provider offers now (after the allow-list). */
  modelCount: z.number().int().min(0),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;

export const adminProviderListSchema = z.object({ providers: z.array(adminProviderSchema) });
export type AdminProviderList = z.infer<typeof adminProviderListSchema>;

export const adminProviderResponseSchema = z.object({ provider: adminProviderSchema });
export type AdminProviderResponse = z.infer<typeof adminProviderResponseSchema>;

export const deleteProviderResponseSchema = z.object({ deleted: providerIdSchema });
