import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { NOEK_STREAM, noekStreamSubjects, type AccessLevel, type AuthUserRecord } from '@noek/contracts';
import {
  captureLogger,
  createNatsEventBus,
  listenForTest,
  signedInCaller,
  requireUser,
  type RunningHttpServer,
  es256KeyPair,
} from '@noek/service-kit';
import { openAdminDatabase, type AdminDb } from '../database';
import { createAdminService } from '../service';

// As admin-stack.ts (not imported from there: it loads auth, chat and the gateway).
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** One request a fake downstream service received. */
export type Received = {
  method: string;
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: unknown;
};
/** How a fake service answers: a status and JSON body, or 'hang' (never answers: the caller times out). */
export type Reply = { status: number; body?: unknown } | 'hang';

/**
 * auth or chat at the network edge: a local HTTP server answering with `reply` (set per test) and
 * recording every request. Unanswered (hung) requests end when the server closes.
 */
export async function startFakeService(name: string) {
  const received: Received[] = [];
  const fake = {
    url: '',
    received,
    reply: (_r: Received): Reply => ({
      status: 404,
      body: { code: 'NOT_FOUND', message: `${name}: no route` },
    }),
    close: () => undefined as void,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [path, query = ''] = (req.url ?? '').split('?');
      const text = Buffer.concat(chunks).toString();
      const r: Received = {
        method: req.method ?? 'GET',
        path: path!,
        query,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      received.push(r);
      const reply = fake.reply(r);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return fake;
}
export type FakeService = Awaited<ReturnType<typeof startFakeService>>;

/** auth's record of a user, as its internal API answers it. */
export function authRecord(over: Partial<AuthUserRecord> = {}): AuthUserRecord {
  const id = over.id ?? randomUUID();
  return {
    id,
    name: 'Ada',
    email: `${id.slice(0, 8)}@example.test`,
    accessLevel: 'basic',
    messageCount: 0,
    isBlocked: false,
    isBanned: false,
    specialFeatures: [],
    emailVerified: true,
    mustChangePassword: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    banReason: null,
    bannedUntil: null,
    paidSupernoek: false,
    supernoekExpiresAt: null,
    sessionsValidAfter: null,
    ...over,
  };
}

async function deleteStream(): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(NOEK_STREAM).catch(() => false);
  await nc.close();
}

/**
 * The admin service alone on real PostgreSQL (a schema of its own) and NATS, with auth and chat as
 * local fakes at the HTTP edge: for its use cases, routes and error answers, without the whole stack.
 * Not started: no background copy from auth, no consumers (tests start what they need).
 */
export async function startAdminAlone(
  opts: { timeoutMs?: number; budgetMs?: number; freshStream?: boolean } = {},
) {
  // A consumer test starts on an empty stream: a new durable replays all of it.
  if (opts.freshStream) await deleteStream();
  const schema = `admin_alone_${randomUUID().slice(0, 8)}`;
  const db: AdminDb = await openAdminDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema });
  const { publicKey, privateKey } = es256KeyPair();
  const auth = await startFakeService('auth');
  const chat = await startFakeService('chat');
  chat.reply = (r) => (r.path === '/readyz' ? { status: 200, body: { ready: true } } : { status: 404 });
  const { logger, lines } = captureLogger();
  const bus = createNatsEventBus({
    url: TEST_NATS_URL,
    logger,
    subjects: noekStreamSubjects,
    name: 'admin-alone',
  });
  await bus.connected();
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const service = createAdminService({
    config: {
      AUTH_URL: auth.url,
      CHAT_URL: chat.url,
      DOWNSTREAM_TIMEOUT_MS: opts.timeoutMs ?? 1_000,
      ACTION_BUDGET_MS: opts.budgetMs ?? 1_500,
    },
    db,
    bus,
    logger,
    authenticate: requireUser({ publicKey }),
    privateKey,
    durable: `admin-alone-${randomUUID().slice(0, 8)}`,
    now,
  });
  const server: RunningHttpServer = await listenForTest(service.app);
  const ctx = service.ctx;

  /** A user known to the read model (as auth's record), e.g. an admin to act with. */
  const known = (over: Partial<AuthUserRecord> = {}) => ctx.directory.record(authRecord(over), now());

  /** An access token as auth issues it, and a caller of the admin API with it. */
  function caller(userId: string, opts: { level?: AccessLevel; issuedAt?: Date } = {}) {
    const token = jwt.sign(
      {
        sub: userId,
        lvl: opts.level ?? 'admin',
        typ: 'access',
        jti: randomUUID(),
        iat: Math.floor((opts.issuedAt ?? new Date()).getTime() / 1000),
      },
      privateKey,
      { algorithm: 'ES256', expiresIn: '15m' },
    );
    const call = signedInCaller(server.url, token);
    return { id: userId, token, call };
  }

  /** An admin in the read model, and a caller acting as them. */
  async function admin(over: Partial<AuthUserRecord> = {}) {
    const row = await known({ accessLevel: 'admin', name: 'Root', ...over });
    return { ...caller(row.id), email: row.email };
  }

  return {
    url: server.url,
    /** The PostgreSQL schema of this harness (dropped at close). */
    schema,
    db,
    bus,
    ctx,
    service,
    auth,
    chat,
    lines,
    known,
    caller,
    admin,
    /** Moves admin's clock (bans and windows end with time). */
    advance(ms: number) {
      offsetMs += ms;
    },
    audit: (userId: string) =>
      db.auditEntry.findMany({ where: { targetUserId: userId }, orderBy: { id: 'asc' } }),
    async close() {
      await server.close(100);
      auth.close();
      chat.close();
      await bus.close();
      await db.$disconnect();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}
export type AdminAlone = Awaited<ReturnType<typeof startAdminAlone>>;
