import { z } from 'zod';
import { commonServiceEnv, loadConfig, pemEnv } from '@noek/service-kit';

/** The chat service's environment. OPENAI_API_KEY unset = the offline responder (decisions.md). */
export const chatEnvSchema = z.object({
  ...commonServiceEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** auth's ES256 public key (PEM): verifies the access token cookie. */
  AUTH_PUBLIC_KEY: pemEnv('PUBLIC KEY').optional(),
  /** Single-machine mode: where auth keeps its generated keys (auth-public.pem), when AUTH_PUBLIC_KEY is unset. */
  KEYS_DIR: z.string().min(1).optional(),
  /** auth's base URL: asked about each session while the revocation feed (NATS) is stale. */
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
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
