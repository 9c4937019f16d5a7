import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  createInProcessEventBus,
  createLogger,
  listenForTest,
  type RunningHttpServer,
} from '@noek/service-kit';
import { authEnvSchema } from '../config';
import { openAuthDatabase } from '../database';
import { generateSigningKeys, type SigningKeys } from '../crypto/keys';
import { createAuthService, type AuthService } from '../service';
import type { PrismaClient } from '../generated/prisma/client';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { createClient } from './http-client';

/** The real PostgreSQL the API tests use; each run gets its own schema, dropped afterwards. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export type AuthTestEnv = {
  service: AuthService;
  db: PrismaClient;
  http: RunningHttpServer;
  smtp: SmtpCapture;
  keys: SigningKeys;
  schema: string;
  url: string;
  client: (opts?: { origin?: string | null }) => ReturnType<typeof createClient>;
  close(): Promise<void>;
};

/** Auth on a fresh schema of the real database, sending real mail to a local SMTP server. */
export async function startAuthTestEnv(env: Record<string, string> = {}): Promise<AuthTestEnv> {
  const schema = `auth_test_${randomBytes(5).toString('hex')}`;
  const smtp = await startSmtpCapture();
  const config = authEnvSchema.parse({
    DATABASE_URL: TEST_DATABASE_URL,
    KEYS_DIR: '/nonexistent-keys-given-directly',
    SMTP_URL: smtp.url,
    APP_ORIGIN: 'http://localhost:8080',
    SUPPORT_EMAIL: 'support@noek.test',
    LOG_LEVEL: 'silent',
    // Most tests sign up many accounts from one address; the rate-limit tests set this back to 1.
    AUTH_RATE_LIMIT_SCALE: '1000',
    ...env,
  });
  const db = await openAuthDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema });
  const keys = generateSigningKeys();
  const logger = createLogger({
    name: 'auth-test',
    level: (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent',
  });
  const service = createAuthService({ config, db, keys, logger, bus: createInProcessEventBus() });
  await service.start();
  const http = await listenForTest(service.app);
  return {
    service,
    db,
    http,
    smtp,
    keys,
    schema,
    url: http.url,
    client: (opts) => createClient(http.url, opts),
    async close() {
      await http.close(1000);
      await service.stop();
      await db.$disconnect();
      await smtp.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}
