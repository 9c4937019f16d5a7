import { z } from 'zod';

/** The environment the repo's scripts read: defaults match the local servers on a developer machine. */
const schema = z.object({
  DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/noek'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
});

export function scriptEnv(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Bad environment variables: ${names}`);
  }
  return parsed.data;
}
