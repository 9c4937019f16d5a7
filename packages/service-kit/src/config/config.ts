import { z } from 'zod';
import { NOEK_STREAM } from '@noek/contracts';

/** Thrown at boot when the environment does not fit the schema; the message names every bad variable. */
export class ConfigError extends Error {
  readonly problems: { variable: string; message: string }[];
  constructor(problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parses the environment with a zod schema. Empty strings count as unset, so `FOO=` in a
 * compose file falls back to the default instead of failing as "not a number".
 * This is the only place in the kit that reads process.env.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env = process.env): z.output<S> {
  const cleaned: Env = {};
  for (const [key, value] of Object.entries(env))
    if (value !== undefined && value !== '') cleaned[key] = value;
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.map(String).join('.') || '(root)';
    const missing = issue.code === 'invalid_type' && cleaned[variable] === undefined;
    return { variable, message: missing ? 'is required but not set' : issue.message };
  });
  throw new ConfigError(problems);
}

/** A TCP port; 0 asks the OS for a free one (tests, single-process mode). */
export const portEnv = (defaultPort: number) =>
  z.coerce.number().int().min(0).max(65535).default(defaultPort);

export const logLevelEnv = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

const natsUrl = z
  .string()
  .regex(
    /^(nats|tls|ws|wss):\/\/[^,\s]+(,(nats|tls|ws|wss):\/\/[^,\s]+)*$/,
    'must be nats://host:port (comma-separated for a cluster)',
  );

/** Fragments every service spreads into its own env schema: z.object({ ...commonServiceEnv, ... }). */
/**
 * A PEM key from the environment: literal "\n" sequences (one-line env files, Kubernetes secrets written on
 * one line) become newlines. One definition for every app that reads auth's keys.
 */
export const pemEnv = (kind: 'PUBLIC KEY' | 'PRIVATE KEY') =>
  z
    .string()
    .transform((s) => s.replace(/\\n/g, '\n'))
    .refine((s) => s.includes(`-----BEGIN ${kind}`), `must be a PEM ${kind.toLowerCase()}`);

/** auth's public key for every service that verifies its tokens: given as PEM, or read from auth's KEYS_DIR. */
export const authPublicKeyEnv = {
  /** auth's ES256 public key (PEM): verifies the access token cookie. */
  AUTH_PUBLIC_KEY: pemEnv('PUBLIC KEY').optional(),
  /** Single-machine mode: where auth keeps its generated keys (auth-public.pem), when AUTH_PUBLIC_KEY is unset. */
  KEYS_DIR: z.string().min(1).optional(),
};

/** The JetStream stream every process of the product shares (unique per run in tests). */
export const natsStreamEnv = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .default(NOEK_STREAM);

export const commonServiceEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: portEnv(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevelEnv,
  DATABASE_URL: postgresUrl,
  NATS_URL: natsUrl.default('nats://127.0.0.1:4222'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
};

const answerChecksEnv = z.object({
  NODE_ENV: z.string().optional(),
  CHECK_ANSWERS: z.enum(['true', 'false']).optional(),
});

/**
 * Whether service apps check every answer against its route contract (http/contract-route.ts): on under
 * test (NODE_ENV=test, as vitest sets it) or with CHECK_ANSWERS=true; a wrong shape then answers 500.
 */
export function answerChecksFromEnv(env: Env = process.env): boolean {
  const parsed = answerChecksEnv.safeParse(env);
  if (!parsed.success) return false;
  return parsed.data.CHECK_ANSWERS ? parsed.data.CHECK_ANSWERS === 'true' : parsed.data.NODE_ENV === 'test';
}

/**
 * For a process entry: a bad environment ends the process with exit 1 and one plain message naming every
 * bad variable, instead of a stack trace. Other errors propagate.
 */
export function loadConfigOrExit<T>(app: string, load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`${app} cannot start. ${err.message}`);
    process.exit(1);
  }
}
