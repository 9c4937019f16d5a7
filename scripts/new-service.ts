/**
 * `npm run new:service -- <name> <port>`: stamps services/<name> on the one service skeleton
 * (docs/adding-a-service.md), with one example feature (notes: list and create, owner-filtered, an event
 * through the outbox) and its tests, and its wire shapes in packages/contracts. Refuses to overwrite.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const [name = '', portArg = ''] = process.argv.slice(2);
if (!/^[a-z][a-z0-9]{1,20}$/.test(name) || !/^\d{4,5}$/.test(portArg)) {
  console.error('usage: npm run new:service -- <name: lower-case letters/digits> <default port>');
  process.exit(2);
}
const port = Number(portArg);
const Name = name[0]!.toUpperCase() + name.slice(1);
const NAME = name.toUpperCase();
const dir = join(root, 'services', name);
if (existsSync(dir)) {
  console.error(`services/${name} already exists`);
  process.exit(1);
}

const files: Record<string, string> = {};
const at = (path: string, text: string) => (files[path] = text.replace(/^\n/, ''));

at(
  'packages/contracts/src/api/' + name + '.schema.ts',
  `
import { z } from 'zod';
import { isoDateTimeSchema, userIdSchema } from '../common/ids.schema';
import { defineEvent } from '../events/envelope.schema';
import type { ApiRoute } from './routes';

/** The ${name} service's routes (add \`${name}: ${name}Routes\` to apiRoutes to route them through the gateway). */
export const ${name}Routes = {
  listNotes: { method: 'GET', path: '/api/${name}/notes' },
  createNote: { method: 'POST', path: '/api/${name}/notes' },
} as const satisfies Record<string, ApiRoute>;

export const ${name}NoteSchema = z.object({
  id: z.number().int(),
  ownerId: userIdSchema,
  text: z.string(),
  createdAt: isoDateTimeSchema,
});
export type ${Name}Note = z.infer<typeof ${name}NoteSchema>;

export const create${Name}NoteRequestSchema = z.object({ text: z.string().trim().min(1).max(500) });
export type Create${Name}NoteRequest = z.infer<typeof create${Name}NoteRequestSchema>;

/** A note was stored (published after commit through the outbox). */
export const ${name}NoteCreatedEvent = defineEvent(
  '${name}.note.created.v1',
  z.object({ noteId: z.number().int(), ownerId: userIdSchema, at: isoDateTimeSchema }),
);
`,
);

const svc = (path: string, text: string) => at(`services/${name}/${path}`, text);

svc(
  'package.json',
  JSON.stringify(
    {
      name: `@noek/${name}`,
      version: '0.1.0',
      private: true,
      type: 'module',
      main: './src/index.ts',
      exports: { '.': './src/index.ts', './*': './src/*' },
      dependencies: {
        '@noek/contracts': '*',
        '@noek/service-kit': '*',
        '@noek/db': '*',
        '@noek/runtime': '*',
        '@prisma/client': '7.10.0',
        express: '5.3.0',
        pg: '8.23.1',
        zod: '4.6.7',
      },
      scripts: {
        // Production runs the built bundle (npm run build); tsx is for development only.
        start:
          'node ../../scripts/build/build.mjs --only="server bundles" && node --enable-source-maps dist/main.js',
        'start:dev': 'node --import tsx src/main.ts',
      },
    },
    null,
    2,
  ) + '\n',
);

svc(
  'README.md',
  `
# ${name} service

Purpose: (say what it owns, and what it does not).

- Env: \`services/${name}/src/config.ts\` (\`commonServiceEnv\`, \`AUTH_PUBLIC_KEY\` or \`KEYS_DIR\`); default port ${port}.
- Endpoints: \`${name}Routes\` in \`packages/contracts/src/api/${name}.schema.ts\` (GET/POST \`/api/${name}/notes\`,
  signed-in users, each sees only their own notes), plus \`/healthz\`, \`/readyz\`, \`/metrics\`.
- Events out: \`${name}.note.created.v1\` (outbox). Events in: none.
- Owns: its PostgreSQL schema "${name}" (\`prisma/schema.prisma\`).
`,
);

svc(
  'prisma.config.ts',
  `
// Prisma CLI configuration for the ${name} service: its own PostgreSQL schema "${name}", the offline schema
// engine shim, DATABASE_URL (see packages/db/README.md).
import { servicePrismaConfig } from '../../packages/db/src/prisma-cli.config';

export default servicePrismaConfig(import.meta.dirname, '${name}');
`,
);

svc(
  'prisma/schema.prisma',
  `
// The ${name} service's data, in the PostgreSQL schema "${name}" (the connection's search_path puts it there).
generator client {
  provider = "prisma-client"
  output   = "../src/generated/prisma"
}

datasource db {
  provider = "postgresql"
}

${readFileSync(join(root, 'packages/service-kit/prisma-snippet.prisma'), 'utf8').trim()}

// --- ${name}'s own data ---

model Note {
  id        Int      @id @default(autoincrement())
  /// The owner (auth's user id); every query filters by it.
  ownerId   String   @db.Uuid
  text      String
  createdAt DateTime @default(now())

  @@index([ownerId, id])
  @@map("notes")
}
`,
);

svc(
  'src/main.ts',
  `
// Process entry: the ${name} service on its own, on real PostgreSQL and NATS (see @noek/runtime).
import { runServiceProcess } from '@noek/runtime';
import { ${name}Service } from './definition';

await runServiceProcess(${name}Service);
`,
);

svc(
  'src/definition.ts',
  `
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineService } from '@noek/runtime';
import { createSessionGuard } from '@noek/service-kit';
import { load${Name}Config, type ${Name}Config } from './config';
import { ${NAME}_SCHEMA, open${Name}Database } from './database';
import { create${Name}Service } from './service';

/** auth's public key: configured, or (single-machine mode, auth started first) the one auth generated. */
function authPublicKey(config: ${Name}Config): string {
  return config.AUTH_PUBLIC_KEY ?? readFileSync(join(config.KEYS_DIR ?? '', 'auth-public.pem'), 'utf8');
}

/** The ${name} service for both run modes (its own process, or \`npm start\`'s single process). */
export const ${name}Service = defineService({
  name: '${name}',
  defaultPort: ${port},
  async create({ env, database, bus, logger }) {
    const config = load${Name}Config(env);
    // Signature and expiry, and auth's revocations followed from the event stream.
    const guard = createSessionGuard({ bus, publicKey: authPublicKey(config), logger });
    const db = await open${Name}Database(database(${NAME}_SCHEMA));
    const service = create${Name}Service({ db, bus, logger, authenticate: guard.authenticate });
    return {
      app: service.app,
      start: async () => {
        await guard.start();
        await service.start();
      },
      stop: async () => {
        await guard.stop();
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
`,
);

svc(
  'src/config.ts',
  `
import { z } from 'zod';
import { commonServiceEnv, loadConfig } from '@noek/service-kit';

/** The ${name} service's environment: the only place it is read. */
export const ${name}EnvSchema = z.object({
  ...commonServiceEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(${port}),
  /** auth's ES256 public key (PEM): verifies the access token cookie. */
  AUTH_PUBLIC_KEY: z.string().includes('BEGIN PUBLIC KEY', { message: 'must be a PEM public key' }).optional(),
  /** Single-machine mode: where auth keeps its generated keys (auth-public.pem), when AUTH_PUBLIC_KEY is unset. */
  KEYS_DIR: z.string().min(1).optional(),
});
export type ${Name}Config = z.output<typeof ${name}EnvSchema>;

const withKey = ${name}EnvSchema.refine((c) => c.AUTH_PUBLIC_KEY !== undefined || c.KEYS_DIR !== undefined, {
  path: ['AUTH_PUBLIC_KEY'],
  message: 'is required (or KEYS_DIR with auth-public.pem)',
});

export function load${Name}Config(env?: Record<string, string | undefined>): ${Name}Config {
  return loadConfig(withKey, env);
}
`,
);

svc(
  'src/database.ts',
  `
import { fileURLToPath } from 'node:url';
import { createDriverAdapter, migrateDatabase, type DatabaseTarget, type MigrationLogger } from '@noek/db';
import { PrismaClient } from './generated/prisma/client';

export const ${NAME}_SCHEMA = '${name}';
export const ${name}MigrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export type ${Name}Db = InstanceType<typeof PrismaClient>;
/** The client inside \`$transaction\`: what repositories built by a unit of work receive. */
export type ${Name}Tx = Parameters<Parameters<${Name}Db['$transaction']>[0]>[0];

/** Applies the ${name} service's committed migrations, then opens its client on the same target. */
export async function open${Name}Database(target: DatabaseTarget, logger?: MigrationLogger): Promise<${Name}Db> {
  await migrateDatabase({ target, migrationsDir: ${name}MigrationsDir, logger });
  return new PrismaClient({ adapter: createDriverAdapter(target) });
}
`,
);

svc(
  'src/context.ts',
  `
import type { Logger, UnitOfWork } from '@noek/service-kit';
import type { NotesRepository } from './features/notes/notes.repository';

/** The repositories a unit of work binds to one transaction. */
export interface ${Name}Repositories {
  notes: NotesRepository;
}

/** What ${name}'s use cases receive; built once by create${Name}Service (service.ts). Types only. */
export interface ${Name}Context extends ${Name}Repositories {
  /** Writes: \`ctx.transaction(async ({ notes, publish }) => ...)\` (outbox in the same transaction). */
  transaction: UnitOfWork<${Name}Repositories>;
  now: () => Date;
  logger: Logger;
}
`,
);

svc(
  'src/service.ts',
  `
import type { RequestHandler } from 'express';
import {
  createOutboxRelay,
  createServiceApp,
  createUnitOfWork,
  standardReadiness,
  type EventBus,
  type Logger,
} from '@noek/service-kit';
import type { ${Name}Context, ${Name}Repositories } from './context';
import type { ${Name}Db, ${Name}Tx } from './database';
import { createNotesRepository } from './features/notes/notes.repository';
import { registerNotesRoutes } from './features/notes/notes.routes';

export interface ${Name}ServiceDeps {
  db: ${Name}Db;
  bus: EventBus;
  logger: Logger;
  /** Sets req.user from the access token or answers 401 (service-kit's requireUser). */
  authenticate: RequestHandler;
  now?: () => Date;
}

function repositoriesOn(db: ${Name}Tx): ${Name}Repositories {
  return { notes: createNotesRepository(db) };
}

/** THE one place ${name}'s dependencies are wired: repositories, context, routes, consumers, outbox relay. */
export function create${Name}Service(deps: ${Name}ServiceDeps) {
  const { db, bus, logger } = deps;
  const relay = createOutboxRelay({ db, bus, logger });
  const ctx: ${Name}Context = {
    ...repositoriesOn(db),
    // After a commit that wrote an outbox row, publish without waiting for the relay's poll.
    transaction: createUnitOfWork(db, repositoriesOn, { afterPublish: () => void relay.flush().catch(() => 0) }),
    now: deps.now ?? (() => new Date()),
    logger,
  };
  const app = createServiceApp({
    name: '${name}',
    logger,
    readiness: standardReadiness(db, bus),
    routes: (a) => {
      a.use('/api/${name}', deps.authenticate);
      registerNotesRoutes(a, ctx);
    },
  });
  return {
    app,
    ctx,
    start: async () => relay.start(),
    stop: async () => relay.stop(),
  };
}
export type ${Name}Service = ReturnType<typeof create${Name}Service>;
`,
);

svc(
  'src/index.ts',
  `
// What the start scripts and tests use to run ${name} inside another process.
export { ${name}Service } from './definition';
export { create${Name}Service, type ${Name}Service, type ${Name}ServiceDeps } from './service';
export { load${Name}Config, ${name}EnvSchema, type ${Name}Config } from './config';
export { open${Name}Database, ${name}MigrationsDir, ${NAME}_SCHEMA, type ${Name}Db } from './database';
`,
);

svc(
  'src/features/notes/notes.repository.ts',
  `
import type { ${Name}Note } from '@noek/contracts';
import type { ${Name}Tx } from '../../database';
import type { Note } from '../../generated/prisma/client';

const toNote = (row: Note): ${Name}Note => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Every query names the owner: another user's note is never read. Plain objects out. */
export function createNotesRepository(db: ${Name}Tx) {
  return {
    async listOwned(ownerId: string): Promise<${Name}Note[]> {
      const rows = await db.note.findMany({ where: { ownerId }, orderBy: { id: 'desc' }, take: 100 });
      return rows.map(toNote);
    },
    async create(ownerId: string, text: string, at: Date): Promise<${Name}Note> {
      return toNote(await db.note.create({ data: { ownerId, text, createdAt: at } }));
    },
  };
}
export type NotesRepository = ReturnType<typeof createNotesRepository>;
`,
);

svc(
  'src/features/notes/list-notes.ts',
  `
import type { ${Name}Note } from '@noek/contracts';
import type { ${Name}Context } from '../../context';

/** The user's notes, newest first. */
export function listNotes(ctx: ${Name}Context, ownerId: string): Promise<${Name}Note[]> {
  return ctx.notes.listOwned(ownerId);
}
`,
);

svc(
  'src/features/notes/create-note.ts',
  `
import { randomUUID } from 'node:crypto';
import { ${name}NoteCreatedEvent, type ${Name}Note } from '@noek/contracts';
import type { ${Name}Context } from '../../context';

export interface CreateNoteInput {
  ownerId: string;
  text: string;
  /** The request id: the event's correlation id. */
  correlationId: string;
}

/** Stores the note and its event in one transaction (the relay publishes it after commit). */
export function createNote(ctx: ${Name}Context, input: CreateNoteInput): Promise<${Name}Note> {
  return ctx.transaction(async ({ notes, publish }) => {
    const note = await notes.create(input.ownerId, input.text, ctx.now());
    await publish({
      id: randomUUID(),
      type: ${name}NoteCreatedEvent.subject,
      time: note.createdAt,
      correlationId: input.correlationId,
      data: { noteId: note.id, ownerId: note.ownerId, at: note.createdAt },
    });
    return note;
  });
}
`,
);

svc(
  'src/features/notes/notes.routes.ts',
  `
import type { Express } from 'express';
import { create${Name}NoteRequestSchema, ${name}Routes } from '@noek/contracts';
import { route, signedInUser } from '@noek/service-kit';
import type { ${Name}Context } from '../../context';
import { createNote } from './create-note';
import { listNotes } from './list-notes';

/** Notes (contracts ${name}Routes): parse, call the use case, answer. The only file here that sees Express. */
export function registerNotesRoutes(app: Express, ctx: ${Name}Context): void {
  app.get(
    ${name}Routes.listNotes.path,
    route({}, (_input, req) => listNotes(ctx, signedInUser(req).id)),
  );
  app.post(
    ${name}Routes.createNote.path,
    route({ body: create${Name}NoteRequestSchema }, async ({ body }, req, res) => {
      const note = await createNote(ctx, { ownerId: signedInUser(req).id, text: body.text, correlationId: req.id });
      res.status(201).json(note);
    }),
  );
}
`,
);

svc(
  'src/config.test.ts',
  `
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@noek/service-kit';
import { load${Name}Config } from './config';

describe('load${Name}Config', () => {
  const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/noek', KEYS_DIR: '/tmp/keys' };
  it('defaults the port', () => {
    expect(load${Name}Config(base).PORT).toBe(${port});
  });
  it('names the missing key', () => {
    expect(() => load${Name}Config({ DATABASE_URL: base.DATABASE_URL })).toThrow(ConfigError);
    expect(() => load${Name}Config({ DATABASE_URL: base.DATABASE_URL })).toThrow(/AUTH_PUBLIC_KEY/);
  });
});
`,
);

svc(
  'src/features/notes/notes.api.test.ts',
  `
// Against the real PostgreSQL (TEST_DATABASE_URL); the bus is the in-process one (no event consumer here).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${name}NoteSchema, ${name}Routes } from '@noek/contracts';
import {
  captureLogger,
  createInProcessEventBus,
  listenForTest,
  requireUser,
  signAccessToken,
  type RunningHttpServer,
} from '@noek/service-kit';
import { open${Name}Database, type ${Name}Db } from '../../database';
import { create${Name}Service } from '../../service';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SCHEMA = '${name}_api_test';
const keys = generateKeyPairSync('ec', {
  namedCurve: 'prime256v1',
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
let db: ${Name}Db;
let server: RunningHttpServer;

async function dropSchema() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(\`DROP SCHEMA IF EXISTS "\${SCHEMA}" CASCADE\`);
  await client.end();
}

beforeAll(async () => {
  await dropSchema();
  db = await open${Name}Database({ kind: 'postgres', url: DATABASE_URL, schema: SCHEMA });
  const service = create${Name}Service({
    db,
    bus: createInProcessEventBus(),
    logger: captureLogger().logger,
    authenticate: requireUser({ publicKey: keys.publicKey }),
  });
  server = await listenForTest(service.app);
});

afterAll(async () => {
  await server?.close(100);
  await db?.$disconnect();
  await dropSchema();
});

const as = (userId: string) => ({
  authorization: \`Bearer \${signAccessToken({ userId, accessLevel: 'basic' }, keys.privateKey)}\`,
  'content-type': 'application/json',
});

describe('notes', () => {
  it('stores a note with its event, and lists it to its owner only', async () => {
    const owner = randomUUID();
    const created = await fetch(\`\${server.url}\${${name}Routes.createNote.path}\`, {
      method: 'POST',
      headers: as(owner),
      body: JSON.stringify({ text: '  hello  ' }),
    });
    expect(created.status).toBe(201);
    const note = ${name}NoteSchema.parse(await created.json());
    expect(note).toMatchObject({ ownerId: owner, text: 'hello' });
    const outbox = await db.outboxEvent.findMany();
    expect(outbox.map((o) => o.subject)).toContain('${name}.note.created.v1');

    const mine = await fetch(\`\${server.url}\${${name}Routes.listNotes.path}\`, { headers: as(owner) });
    expect(((await mine.json()) as unknown[]).length).toBe(1);
    const theirs = await fetch(\`\${server.url}\${${name}Routes.listNotes.path}\`, { headers: as(randomUUID()) });
    expect(await theirs.json()).toEqual([]);
  });

  it('answers 401 signed out and 400 for an empty note', async () => {
    const signedOut = await fetch(\`\${server.url}\${${name}Routes.listNotes.path}\`);
    expect(signedOut.status).toBe(401);
    const empty = await fetch(\`\${server.url}\${${name}Routes.createNote.path}\`, {
      method: 'POST',
      headers: as(randomUUID()),
      body: JSON.stringify({ text: ' ' }),
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });
});
`,
);

for (const path of Object.keys(files)) {
  const full = join(root, path);
  if (existsSync(full)) {
    console.error(`${path} already exists: nothing written`);
    process.exit(1);
  }
  mkdirSync(dirname(full), { recursive: true });
}
for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);

// The contracts index exports the new wire shapes; the event stream carries the service's subjects.
const index = join(root, 'packages/contracts/src/index.ts');
writeFileSync(index, `${readFileSync(index, 'utf8')}export * from './api/${name}.schema';\n`);
const catalog = join(root, 'packages/contracts/src/events/catalog.ts');
const subjects = "'admin.>'] as const;";
const text = readFileSync(catalog, 'utf8');
if (text.includes(subjects))
  writeFileSync(catalog, text.replace(subjects, `'admin.>', '${name}.>'] as const;`));
else console.warn(`add '${name}.>' to noekStreamSubjects in packages/contracts/src/events/catalog.ts`);

console.log(
  `Written:\n${Object.keys(files)
    .map((f) => `  ${f}`)
    .join('\n')}\nEdited: packages/contracts/src/index.ts, packages/contracts/src/events/catalog.ts`,
);
console.log('Next: docs/adding-a-service.md, step 3.');
