import { existsSync } from 'node:fs';
import { z } from 'zod';

// Debian installs it outside a non-root PATH.
const debianNatsServer = '/usr/sbin/nats-server';

export const e2eEnvSchema = z.object({
  E2E_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/noek_e2e'),
  /** The journeys run their own NATS (JetStream) on this port, from this binary. */
  NATS_SERVER_BIN: z.string().default(existsSync(debianNatsServer) ? debianNatsServer : 'nats-server'),
  E2E_NATS_PORT: z.coerce.number().int().default(14222),
  E2E_GATEWAY_PORT: z.coerce.number().int().default(18080),
  E2E_SERVICE_PORT_BASE: z.coerce.number().int().default(18001),
  E2E_VERBOSE: z.stringbool().default(false),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  E2E_SCREENSHOTS: z.string().default('e2e/screenshots'),
});

export function e2eEnv(env: NodeJS.ProcessEnv = process.env) {
  const parsed = e2eEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Bad e2e environment variables: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  }
  return parsed.data;
}
