// Against the real PostgreSQL (TEST_DATABASE_URL); the bus is the in-process one of `npm start`.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateNoteSchema, templateRoutes } from '@noek/contracts';
import {
  captureLogger,
  createInProcessEventBus,
  listenForTest,
  requireUser,
  signAccessToken,
  type RunningHttpServer,
} from '@noek/service-kit';
import { openTemplateDatabase, type TemplateDb } from '../../database';
import { createTemplateService, type TemplateService } from '../../service';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SCHEMA = 'template_api_test';
const keys = generateKeyPairSync('ec', {
  namedCurve: 'prime256v1',
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
let db: TemplateDb;
let server: RunningHttpServer;
let service: TemplateService;

async function dropSchema() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await client.end();
}

beforeAll(async () => {
  await dropSchema();
  db = await openTemplateDatabase({ kind: 'postgres', url: DATABASE_URL, schema: SCHEMA });
  service = createTemplateService({
    db,
    bus: createInProcessEventBus(),
    logger: captureLogger().logger,
    authenticate: requireUser({ publicKey: keys.publicKey }),
  });
  await service.start();
  await service.consumersReady();
  server = await listenForTest(service.app);
});

afterAll(async () => {
  await server?.close(100);
  await service?.stop();
  await db?.$disconnect();
  await dropSchema();
});

const as = (userId: string) => ({
  authorization: `Bearer ${signAccessToken({ userId, accessLevel: 'basic' }, keys.privateKey)}`,
  'content-type': 'application/json',
});

describe('notes', () => {
  it('stores a note with its event, and lists it to its owner only', async () => {
    const owner = randomUUID();
    const created = await fetch(`${server.url}${templateRoutes.createNote.path}`, {
      method: 'POST',
      headers: as(owner),
      body: JSON.stringify({ text: '  hello  ' }),
    });
    expect(created.status).toBe(201);
    const note = templateNoteSchema.parse(await created.json());
    expect(note).toMatchObject({ ownerId: owner, text: 'hello' });
    const outbox = await db.outboxEvent.findMany();
    expect(outbox.map((o) => o.subject)).toContain('template.note.created.v1');

    // Published after commit, consumed once: the note is marked announced.
    const listed = async () => {
      const mine = await fetch(`${server.url}${templateRoutes.listNotes.path}`, { headers: as(owner) });
      return templateNoteSchema.array().parse(await mine.json());
    };
    await expect.poll(async () => (await listed())[0]?.announcedAt ?? null).not.toBeNull();
    expect(await listed()).toHaveLength(1);
    const theirs = await fetch(`${server.url}${templateRoutes.listNotes.path}`, {
      headers: as(randomUUID()),
    });
    expect(await theirs.json()).toEqual([]);
  });

  it('answers 401 signed out and 400 for an empty note', async () => {
    const signedOut = await fetch(`${server.url}${templateRoutes.listNotes.path}`);
    expect(signedOut.status).toBe(401);
    const empty = await fetch(`${server.url}${templateRoutes.createNote.path}`, {
      method: 'POST',
      headers: as(randomUUID()),
      body: JSON.stringify({ text: ' ' }),
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });
});
