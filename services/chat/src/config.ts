import { z } from 'zod';
import { IMPORT_DEFAULT_MAX_BYTES } from '@noek/contracts';
import { authPublicKeyEnv, commonServiceEnv, loadConfig, portEnv } from '@noek/service-kit';
import { providerListEnv } from './features/providers/provider-spec.schema';

/** The chat service's environment. OPENAI_API_KEY unset = the offline responder (decisions.md). */
export const chatEnvSchema = z.object({
  ...commonServiceEnv,
  PORT: portEnv(4002),
  ...authPublicKeyEnv,
  /** auth's base URL: asked about each session while the revocation feed (NATS) is stale. */
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /**
   * More model endpoints, a JSON list: `[{"id":"vllm","name":"vLLM","baseUrl":"http://gpu:8000/v1",
   * "apiKey":"...","defaultModel":"..."}, {"id":"lab","type":"ollama","baseUrl":"http://lab:11434"}]`
   * (features/providers/provider-spec.schema.ts). The OPENAI_* variables stay a provider of their own.
   */
  MODEL_PROVIDERS: providerListEnv.default([]),
  /**
   * Encrypts the API keys of providers admins store (AES-256-GCM, key derived with HKDF): at least 32
   * characters, e.g. `openssl rand -hex 32`. `npm start`, compose and k8s/make-secrets.mjs generate one.
   * Unset: providers without a key can still be stored; one with a key is refused.
   */
  PROVIDER_SECRET_KEY: z.string().min(32).optional(),
  /** With no provider configured, a local Ollama looked for here at start and every refresh; 'off': never. */
  OLLAMA_URL: z.union([z.literal('off'), z.url()]).default('http://127.0.0.1:11434'),
  /** How often every provider's model list (and health) is asked again in the background. */
  MODEL_REFRESH_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** Context window (tokens) of models not in the known table, and of every local model. */
  MODEL_DEFAULT_CONTEXT_TOKENS: z.coerce.number().int().min(512).default(8_192),
  /** Time allowed for one model listing. */
  MODEL_LIST_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Per attempt, time to the model's response headers. */
  MODEL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Longest silence between two streamed chunks before the reply counts as stalled. */
  MODEL_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Retries of a failed model call before any token arrived (connection errors, 429, 5xx). */
  MODEL_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** How often a reply's partial content is written to the database while it streams. */
  /**
   * How often a reply's text is stored while it streams. Text reaches clients only once stored
   * (write-ahead), so this is also how often they receive a batch of tokens.
   */
  REPLY_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).default(100),
  /**
   * A reply's lease: the replica writing it renews it every third of this; when it runs out (the
   * replica died), any replica marks the reply interrupted. Crash recovery takes about this long.
   */
  REPLY_LEASE_MS: z.coerce.number().int().min(300).default(5_000),
  /** How long a reply keeps its text in memory and retries while the database is unreachable. */
  REPLY_OUTAGE_BUDGET_MS: z.coerce.number().int().min(0).default(60_000),
  /** Delay between the offline responder's words (0 in tests and benchmarks). */
  OFFLINE_WORD_DELAY_MS: z.coerce.number().int().min(0).default(25),
  /** Replies one user may have generating at once (across conversations): a cap on parallel model calls. */
  MAX_LIVE_REPLIES_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  /** How many earlier messages of the conversation go into the prompt. */
  PROMPT_HISTORY_MESSAGES: z.coerce.number().int().min(0).max(200).default(30),
  /** 'on': after a conversation's first reply the configured model writes its title (not the offline responder). */
  MODEL_TITLES: z.enum(['on', 'off']).default('on'),
  /**
   * Largest import file (bytes, the upload as sent: JSON or zip); more answers 413. The gateway has its own
   * IMPORT_MAX_BYTES in front; keep the two equal.
   */
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1).default(IMPORT_DEFAULT_MAX_BYTES),
  /** 'false' turns public share links off: no new links, and existing ones stop opening (kept, not deleted). */
  SHARING_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type ChatConfig = z.output<typeof chatEnvSchema>;

/** Either the key itself or the folder auth generated it in must be configured. */
const chatEnvWithKey = chatEnvSchema.refine(
  (c) => c.AUTH_PUBLIC_KEY !== undefined || c.KEYS_DIR !== undefined,
  {
    path: ['AUTH_PUBLIC_KEY'],
    message: 'is required (or KEYS_DIR with auth-public.pem)',
  },
);

export function loadChatConfig(env?: Record<string, string | undefined>): ChatConfig {
  return loadConfig(chatEnvWithKey, env);
}
