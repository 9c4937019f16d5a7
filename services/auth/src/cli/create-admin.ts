/**
 * Makes an admin: `ADMIN_EMAIL=a@b.co ADMIN_PASSWORD=... npm run admin:create -w @noek/auth`
 * (or `-- --email a@b.co --name "Ada"`; the password only from ADMIN_PASSWORD, never argv, so it
 * stays out of shell history and process lists). Against DATABASE_URL, or the embedded database
 * under DATA_DIR when `npm start` is not running. Creates the account (verified) or promotes it
 * and sets the password. The only way besides ADMIN_EMAIL/ADMIN_PASSWORD at start to make an admin.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openEmbeddedPostgres } from '@noek/db';
import { emailSchema } from '@noek/contracts';
import { loadAdminCliConfig } from '../config';
import { createUnitOfWork } from '@noek/service-kit';
import { AUTH_SCHEMA, createAuthRepositories, openAuthDatabase } from '../database';
import { createAdmin } from '../features/admin-bootstrap/ensure-first-admin';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const config = loadAdminCliConfig();
const email = emailSchema.safeParse(values.email ?? config.ADMIN_EMAIL);
if (!email.success || !config.ADMIN_PASSWORD) {
  console.error(
    'Usage: ADMIN_PASSWORD=<at least 8 characters> npm run admin:create -w @noek/auth -- --email <email> [--name <name>]',
  );
  console.error(
    !email.success ? 'A valid --email (or ADMIN_EMAIL) is required.' : 'ADMIN_PASSWORD is required.',
  );
  process.exit(2);
}

const pglite = config.DATABASE_URL ? null : await openEmbeddedPostgres(join(config.DATA_DIR, 'postgres'));
const db = await openAuthDatabase(
  pglite
    ? { kind: 'pglite', pglite, schema: AUTH_SCHEMA }
    : { kind: 'postgres', url: config.DATABASE_URL!, schema: AUTH_SCHEMA },
);
try {
  const outcome = await createAdmin(createUnitOfWork(db, createAuthRepositories), {
    email: email.data,
    password: config.ADMIN_PASSWORD,
    name: values.name ?? config.ADMIN_NAME,
  });
  console.log(
    `${email.data}: admin ${outcome === 'created' ? 'account created' : 'level set on the existing account'}.`,
  );
} finally {
  await db.$disconnect();
  await pglite?.close();
}
