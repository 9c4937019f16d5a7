import { z } from 'zod';

/**
 * One model endpoint as configured by environment (MODEL_PROVIDERS, or the OPENAI_* variables).
 * `openai`: any OpenAI-compatible API, `baseUrl` is its `/v1` URL (unset: OpenAI itself); models are
 * listed from `GET /models`. `ollama`: an Ollama server, `baseUrl` is its origin; models are listed
 * from `GET /api/tags` and chats go to its OpenAI-compatible `/v1`.
 */
export const providerSpecSchema = z.object({
  /** Part of every model id (`<id>/<model>`): lower case letters, digits and dashes. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
  /** What the UI calls it ("OpenAI", "vLLM on gpu-1"); the id when unset. */
  name: z.string().min(1).max(60).optional(),
  type: z.enum(['openai', 'ollama']).default('openai'),
  baseUrl: z.url().optional(),
  /** Sent as the bearer token; never shown, logged or sent to browsers. */
  apiKey: z.string().min(1).optional(),
  /** The model used when the user picked none; also usable before (or without) a model list. */
  defaultModel: z.string().min(1).optional(),
});
export type ProviderSpecInput = z.input<typeof providerSpecSchema>;

export interface ProviderSpec extends z.output<typeof providerSpecSchema> {
  name: string;
  /** Found on this machine by the local probe (no configuration). */
  local: boolean;
  /** Added by an admin (stored in chat's database) rather than configured by environment. */
  stored?: boolean;
  /** Only these of its listed models are offered; unset or empty: every one. */
  models?: string[];
}

/** MODEL_PROVIDERS: a JSON array of provider specs with distinct ids. */
export const providerListEnv = z
  .string()
  .transform((raw, ctx): unknown => {
    try {
      return JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON (a list of providers)' });
      return z.NEVER;
    }
  })
  .pipe(z.array(providerSpecSchema))
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
    message: 'provider ids must be distinct',
  });
