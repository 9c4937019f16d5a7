import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  createStreamParser,
  NOEK_STREAM,
  noekStreamSubjects,
  type AccessLevel,
  type StreamEvent,
} from '@noek/contracts';
import { migrateDatabase } from '@noek/db';
import {
  captureLogger,
  createNatsEventBus,
  createSessionGuard,
  listenForTest,
  requireUser,
  type RevocationChange,
  type RunningHttpServer,
  type SessionGuardStart,
  es256KeyPair,
} from '@noek/service-kit';
import { createChatDb, type ChatDb } from '../database';
import { createOpenAiProvider } from '../features/model/openai-provider';
import {
  createChatService,
  type ChatService,
  type ChatServiceConfig,
  type ChatServiceDeps,
} from '../service';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server';

/** API tests run on the real servers (security notes): PostgreSQL database `test`, NATS at 4222. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_SCHEMA = 'chat_api_test';
const migrationsDir = new URL('../../prisma/migrations', import.meta.url).pathname;

export const testConfig: ChatServiceConfig = {
  OPENAI_API_KEY: 'test-key',
  OPENAI_BASE_URL: undefined,
  OPENAI_MODEL: 'fake-model',
  MODEL_PROVIDERS: [],
  OLLAMA_URL: 'off',
  MODEL_REFRESH_INTERVAL_MS: 60_000,
  MODEL_LIST_TIMEOUT_MS: 1_000,
  MODEL_DEFAULT_CONTEXT_TOKENS: 8_192,
  MODEL_REQUEST_TIMEOUT_MS: 800,
  MODEL_IDLE_TIMEOUT_MS: 800,
  MODEL_MAX_RETRIES: 1,
  REPLY_FLUSH_INTERVAL_MS: 50,
  REPLY_LEASE_MS: 5_000,
  REPLY_OUTAGE_BUDGET_MS: 60_000,
  OFFLINE_WORD_DELAY_MS: 0,
  PROMPT_HISTORY_MESSAGES: 30,
  MAX_LIVE_REPLIES_PER_USER: 3,
  // A title request after each first reply would be one more call to the fake in every test.
  MODEL_TITLES: 'off',
};

export interface ChatHarness {
  url: string;
  db: ChatDb;
  fake: FakeOpenAi;
  service: ChatService;
  server: RunningHttpServer;
  privateKey: string;
  /** A revocation as the session guard hands it to the first replica (its follower heard it). */
  revoke(change: RevocationChange): void;
  /** What every replica of the harness logged so far. */
  logs: () => Record<string, unknown>[];
  startSecondService(): Promise<{ service: ChatService; server: RunningHttpServer }>;
  close(): Promise<void>;
}

async function resetSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${TEST_SCHEMA}" CASCADE`);
  await client.end();
}

export interface ChatHarnessOptions extends Pick<ChatServiceDeps, 'revocations'> {
  /** The real session guard following auth's revocations on the bus (as definition.ts wires it). */
  sessionGuard?: boolean;
  /**
   * Config over testConfig (the OPENAI_* provider is the fake). Given, the service calls its models
   * through the provider catalog as in production rather than a provider made here.
   */
  config?: (fake: FakeOpenAi) => Partial<ChatServiceConfig>;
}

export async function startChatHarness(o: ChatHarnessOptions = {}): Promise<ChatHarness> {
  await resetSchema();
  const target = { kind: 'postgres' as const, url: TEST_DATABASE_URL, schema: TEST_SCHEMA };
  await migrateDatabase({ target, migrationsDir });
  const { publicKey, privateKey } = es256KeyPair();
  const fake = await startFakeOpenAi();
  const db = createChatDb(target);
  const { logger, lines: logs } = captureLogger();
  const bus = createNatsEventBus({
    url: TEST_NATS_URL,
    logger,
    subjects: noekStreamSubjects,
    name: 'chat-api-test',
  });
  await bus.connected();
  const authDurable = `chat-auth-users-test-${randomUUID().slice(0, 8)}`;
  let heard: SessionGuardStart['onChange'];
  // Without the real guard, the test hands revocations over itself (h.revoke).
  const handOver = {
    start: async (hooks?: SessionGuardStart | ((change: RevocationChange) => void)) => {
      heard ??= typeof hooks === 'function' ? hooks : hooks?.onChange;
    },
    stop: async () => undefined,
  };
  const config = { ...testConfig, OPENAI_BASE_URL: fake.url, ...o.config?.(fake) };
  const build = () => {
    const guard = o.sessionGuard ? createSessionGuard({ bus, publicKey, logger }) : undefined;
    return createChatService({
      guard: guard ?? handOver,
      config,
      db,
      bus,
      logger,
      authenticate: guard?.authenticate ?? requireUser({ publicKey }),
      provider: o.config
        ? undefined
        : createOpenAiProvider({
            apiKey: 'test-key',
            baseURL: fake.url,
            model: 'fake-model',
            requestTimeoutMs: testConfig.MODEL_REQUEST_TIMEOUT_MS,
            idleTimeoutMs: testConfig.MODEL_IDLE_TIMEOUT_MS,
            maxRetries: testConfig.MODEL_MAX_RETRIES,
          }),
      authDurable,
      revocations: guard?.revocations ?? o.revocations,
    });
  };
  const service = build();
  await service.start();
  await service.consumersReady();
  const server = await listenForTest(service.app);
  const extra: { service: ChatService; server: RunningHttpServer }[] = [];
  return {
    url: server.url,
    db,
    fake,
    service,
    server,
    privateKey,
    logs,
    revoke: (change) => heard?.(change),
    async startSecondService() {
      const second = build();
      await second.start();
      await second.consumersReady();
      const s = { service: second, server: await listenForTest(second.app) };
      extra.push(s);
      return s;
    },
    async close() {
      for (const s of [...extra, { service, server }]) {
        await s.service.stop();
        await s.server.close(100);
      }
      await bus.close();
      await deleteDurable(authDurable);
      await fake.close();
      await db.$disconnect();
    },
  };
}

/** Test durables are unique per run: remove them so they do not pile up on the shared stream. */
async function deleteDurable(durable: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.delete(NOEK_STREAM, durable).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** An access token as auth issues it (ES256, `noek_access` cookie). */
export function signAccess(
  privateKey: string,
  userId: string,
  accessLevel: AccessLevel = 'basic',
  iatSeconds?: number,
  sessionId?: string,
): string {
  // auth's claims (sub, lvl, typ, jti, iat, sid); service-kit's verifier wants iat in whole seconds.
  const payload: Record<string, unknown> = {
    sub: userId,
    lvl: accessLevel,
    typ: 'access',
    jti: randomUUID(),
    iat: iatSeconds ?? Math.floor(Date.now() / 1000),
    ...(sessionId ? { sid: sessionId } : {}),
  };
  return jwt.sign(payload, privateKey, { algorithm: 'ES256', expiresIn: '15m' });
}

/** A signed-in test user with a fetch bound to their cookie. */
export function userClient(h: ChatHarness, accessLevel: AccessLevel = 'basic', id: string = randomUUID()) {
  let token = signAccess(h.privateKey, id, accessLevel);
  const call = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ) =>
    fetch(`${h.url}${path}`, {
      method,
      signal,
      headers: {
        cookie: `noek_access=${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    id,
    call,
    /** The Cookie header this user sends (to call a second replica directly). */
    get cookie() {
      return `noek_access=${token}`;
    },
    setToken(t: string) {
      token = t;
    },
    async json<T = unknown>(
      method: string,
      path: string,
      body?: unknown,
    ): Promise<{ status: number; body: T }> {
      const res = await call(method, path, body);
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async newConversation(title?: string): Promise<{ id: number; title: string }> {
      const res = await call('POST', '/api/conversations', title ? { title } : {});
      return (await res.json()) as { id: number; title: string };
    },
    /** POST a message asking for SSE; answers the response (read it with readEvents). */
    send(conversationId: number, content: string, signal?: AbortSignal) {
      return call(
        'POST',
        `/api/conversations/${conversationId}/messages`,
        { content },
        { accept: 'text/event-stream' },
        signal,
      );
    },
  };
}
export type UserClient = ReturnType<typeof userClient>;

/**
 * Reads SSE events from a response. `until` stops early (return true) and cancels the body, which
 * is how a test disconnects mid-stream.
 */
export async function readEvents(
  res: Response,
  until?: (e: StreamEvent, all: StreamEvent[]) => boolean,
): Promise<StreamEvent[]> {
  const parse = createStreamParser();
  const events: StreamEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const e of parse(decoder.decode(value, { stream: true }))) {
      events.push(e);
      if (until?.(e, events)) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}

/** A model script of `n` words `w0 ` `w1 ` ..., one every `delay` ms, and the text it writes. */
export const slow = (n: number, delay: number) => ({
  chunks: Array.from({ length: n }, (_, i) => `w${i} `),
  chunkDelayMs: delay,
});
export const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i} `).join('');

export const tokensOf = (events: StreamEvent[]) =>
  events.flatMap((e) => (e.type === 'token' ? [e.text] : [])).join('');
export const terminal = (events: StreamEvent[]) =>
  events.find((e) => e.type === 'done' || e.type === 'error');

/**
 * A conversation of `u` holding `contents` as one path (user and assistant in turn, each message after
 * the one before it), stored directly: tests of what reads conversations (export, share) need no model.
 */
export async function conversationWithPath(h: ChatHarness, u: UserClient, title: string, contents: string[]) {
  const c = await u.newConversation(title);
  let parentId: number | null = null;
  for (const [i, content] of contents.entries())
    ({ id: parentId } = await h.db.message.create({
      data: { conversationId: c.id, parentId, role: i % 2 ? 'assistant' : 'user', content },
    }));
  return c;
}
