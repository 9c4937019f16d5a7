import { z } from 'zod';
import { commonServiceEnv, loadConfig, natsStreamEnv } from '@noek/service-kit';

type Env = Record<string, string | undefined>;

/** The process environment, read here and nowhere else in the runtime. */
export function processEnv(): Env {
  return process.env;
}

/** What the runtime itself needs to host one service process. */
export const runtimeSchema = z.object({
  ...commonServiceEnv,
  NATS_STREAM: natsStreamEnv,
});
export type RuntimeConfig = z.output<typeof runtimeSchema>;

export function runtimeConfig(env: Env): RuntimeConfig {
  return loadConfig(runtimeSchema, env);
}

/** The single-process mode: one port, data under one folder, everything else embedded unless configured. */
export const embeddedSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: commonServiceEnv.LOG_LEVEL,
  SHUTDOWN_GRACE_MS: commonServiceEnv.SHUTDOWN_GRACE_MS,
});
export type EmbeddedConfig = z.output<typeof embeddedSchema>;

export function embeddedConfig(env: Env): EmbeddedConfig {
  return loadConfig(embeddedSchema, env);
}
