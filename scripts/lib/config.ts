import { z } from 'zod';

/** The environment the repo's scripts read: defaults match the local servers on a developer machine. */
export const scriptEnvSchema = z.object({
  DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/noek'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** auth, chat, billing and admin listen on this port and the next three. */
  SERVICE_PORT_BASE: z.coerce.number().int().min(1).max(65530).default(4001),
  /** Processes of auth and of chat (`npm run start:services`); the gateway spreads requests over them. */
  AUTH_REPLICAS: z.coerce.number().int().min(1).max(4).default(1),
  CHAT_REPLICAS: z.coerce.number().int().min(1).max(4).default(1),
});

export function scriptEnv(env: NodeJS.ProcessEnv = process.env) {
  const parsed = scriptEnvSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Bad environment variables: ${names}`);
  }
  return parsed.data;
}
