import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  sessionIntrospectionRoute,
  sessionRevokedEvent,
  type EventEnvelope,
  type SessionIntrospection,
} from '@noek/contracts';
import {
  SESSION_ENDED_MESSAGE,
  createInProcessEventBus,
  revocationEvents,
  type InProcessEventBus,
} from '@noek/service-kit';
import type * as revocations from './security/gateway-revocations';
import { echo, rawRequest, startGateway, startUpstream } from './test/harness';

// The grace a revoked stream gets at the gateway (REVOKED_STREAM_GRACE_MS, 40 ms unless a test sets one): the
// test of the service's final event sets a long one, since a busy machine can stall this process for longer
// than 40 ms between the service writing that event and the gateway reading it, and the grace then wins.
const revokedStreamGrace = vi.hoisted(() => ({ ms: undefined as number | undefined }));
vi.mock('./security/gateway-revocations', async (importOriginal) => {
  const real = await importOriginal<typeof revocations>();
  return {
    ...real,
    createGatewayRevocations: (o: Parameters<typeof revocations.createGatewayRevocations>[0]) =>
      real.createGatewayRevocations({ graceMs: revokedStreamGrace.ms, ...o }),
  };
});

const keys = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  revokedStreamGrace.ms = undefined;
});

/** An access token as auth signs it; `iat` in seconds (tokens carry whole seconds). */
function token(userId: string, sessionId: string, iat = Math.floor(Date.now() / 1000)): string {
  return jwt.sign({ lvl: 'basic', typ: 'access', sid: sessionId, iat }, keys.privateKey, {
    algorithm: 'ES256',
    subject: userId,
    expiresIn: 900,
  });
}

/**
 * A gateway on an in-process bus (as under `npm start`) in front of `handler` for every service. The bus
 * is closed after the gateway, as the start scripts do.
 */
async function setup(handler: Parameters<typeof startUpstream>[0] = echo, bus = createInProcessEventBus()) {
  const up = await startUpstream(handler);
  const urls = { AUTH_URL: up.url, CHAT_URL: up.url, BILLING_URL: up.url, ADMIN_URL: up.url };
  const gw = await startGateway({ ...urls, AUTH_PUBLIC_KEY: keys.publicKey }, {}, { bus });
  cleanups.push(
    () => up.close(),
    () => bus.close(),
    () => gw.stop(),
  );
  return { gw, bus };
}

async function status(base: string, path: string, access: string) {
  const res = await rawRequest(`${base}${path}`, { headers: { cookie: `noek_access=${access}` } });
  return { status: res.status, body: res.body };
}

/** Polls until the gateway refuses `access` (the event is handed over synchronously; this bounds nothing). */
async function refused(base: string, access: string) {
  let res = await status(base, '/api/conversations', access);
  await expect
    .poll(async () => (res = await status(base, '/api/conversations', access)).status, {
      timeout: 10_000,
      interval: 5,
    })
    .not.toBe(200);
  return res;
}

describe('revocation at the gateway', () => {
  it("refuses a signed-out session's token with the services' 401, and keeps the user's other sessions", async () => {
    const { gw, bus } = await setup();
    const userId = randomUUID();
    const [mine, other] = [token(userId, 's-mine'), token(userId, 's-other')];
    expect((await status(gw.url, '/api/conversations', mine)).status).toBe(200);
    await bus.publish(revocationEvents.sessionRevoked(userId, 's-mine'));
    const res = await refused(gw.url, mine);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'UNAUTHENTICATED', message: SESSION_ENDED_MESSAGE });
    for (const path of ['/api/subscription/status', '/api/admin/users'])
      expect((await status(gw.url, path, mine)).status).toBe(401);
    expect((await status(gw.url, '/api/conversations', other)).status).toBe(200);
    // auth's own routes decide for themselves (a signed-out browser may still sign in or refresh).
    expect((await status(gw.url, '/api/auth/me', mine)).status).toBe(200);
  });

  it('refuses every token issued before sessionsValidAfter (sign-out everywhere, password change, ban), not later ones', async () => {
    const { gw, bus } = await setup();
    const userId = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const before = token(userId, 's1', now - 10);
    const after = token(userId, 's2', now);
    expect((await status(gw.url, '/api/conversations', before)).status).toBe(200);
    await bus.publish(revocationEvents.userUpdated(userId, new Date((now - 5) * 1000).toISOString()));
    expect((await refused(gw.url, before)).status).toBe(401);
    expect((await status(gw.url, '/api/conversations', after)).status).toBe(200);
  });

  it('refuses from its first request what was revoked before it started (the last hour is replayed)', async () => {
    const bus = createInProcessEventBus();
    const userId = randomUUID();
    await bus.publish(revocationEvents.sessionRevoked(userId, 's-old'));
    const { gw } = await setup(echo, bus);
    expect((await status(gw.url, '/api/conversations', token(userId, 's-old'))).status).toBe(401);
    expect((await status(gw.url, '/api/conversations', token(userId, 's-new'))).status).toBe(200);
  });
});

describe('open streams at revocation', () => {
  /** Upstream event streams that stay open; `ends` closes one as a service would. */
  function holdingStreams() {
    const open = new Map<string, ServerResponse>();
    return {
      open,
      handler: (req: { url?: string }, res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: token\ndata: {}\n\n');
        open.set(req.url ?? '', res);
      },
    };
  }

  /** Reads a stream to its end; `ended` is set when it ends cleanly, and the promise rejects on a cut. */
  function read(res: Response) {
    const state = { ended: false };
    const text = res.text().then((t) => ((state.ended = true), t));
    return { state, text };
  }

  it("ends the revoked session's open streams cleanly, and leaves other sessions' streams open", async () => {
    const upstream = holdingStreams();
    const { gw, bus } = await setup(upstream.handler);
    const userId = randomUUID();
    const open = (path: string, access: string) =>
      fetch(`${gw.url}${path}`, { headers: { cookie: `noek_access=${access}` } }).then(read);
    const mine = await open('/api/conversations/1/stream', token(userId, 's-mine'));
    const other = await open('/api/conversations/2/stream', token(userId, 's-other'));
    await bus.publish(revocationEvents.sessionRevoked(userId, 's-mine'));
    expect(await mine.text).toBe('event: token\ndata: {}\n\n');
    // Both ends would come from the one revocation, after the one grace: once `mine` has ended and a
    // request more has gone through the gateway, the other session's stream is still open.
    const later = await open('/api/conversations/3/stream', token(userId, 's-other'));
    expect(other.state.ended).toBe(false);
    for (const path of ['/api/conversations/2/stream', '/api/conversations/3/stream'])
      upstream.open.get(path)!.end();
    await Promise.all([other.text, later.text]);
  });

  it("lets the service's own final event through: the service hears the revocation too", async () => {
    const bus = createInProcessEventBus();
    const userId = randomUUID();
    const final = `event: error\ndata: {"message":"${SESSION_ENDED_MESSAGE}"}\n\n`;
    // Whatever a busy machine's stalls, the gateway does not end the stream before the final event is in.
    revokedStreamGrace.ms = 10_000;
    // Like chat: the stream's service follows the same events and ends its stream with a final event.
    const upstream = holdingStreams();
    await bus.follow({
      subjects: [sessionRevokedEvent.subject],
      sinceMs: 0,
      handler: (e: EventEnvelope) => {
        if ((e.data as { sessionId: string }).sessionId === 's1')
          for (const res of upstream.open.values()) res.end(final);
      },
    });
    const { gw } = await setup(upstream.handler, bus);
    const res = await fetch(`${gw.url}/api/conversations/1/stream`, {
      headers: { cookie: `noek_access=${token(userId, 's1')}` },
    });
    const text = res.text();
    await bus.publish(revocationEvents.sessionRevoked(userId, 's1'));
    expect(await text).toBe(`event: token\ndata: {}\n\n${final}`);
  });
});

describe('the bus as a dependency', () => {
  it('reports NATS down as a degradation (healthz, metrics) and stays ready', async () => {
    const bus: InProcessEventBus = createInProcessEventBus();
    const { gw } = await setup(echo, bus);
    expect(await (await fetch(`${gw.url}/healthz`)).json()).toEqual({ status: 'ok' });
    await bus.close(); // isHealthy() is now false, as for a NATS bus while disconnected
    expect(await (await fetch(`${gw.url}/healthz`)).json()).toEqual({
      status: 'degraded',
      degraded: ['events'],
    });
    expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${gw.url}/metrics`)).text()).toMatch(
      /noek_dependency_up\{dependency="events",required="false",service="gateway"\} 0/,
    );
    const access = token(randomUUID(), 's1');
    expect((await status(gw.url, '/api/conversations', access)).status).toBe(200);
  });
});

describe('with the revocation feed stale (NATS down)', () => {
  /** Auth's introspection answering `verdict(token)` (undefined: a 500), every other path echoed. */
  const authAnswering =
    (verdict: (token: string) => SessionIntrospection | undefined): Parameters<typeof startUpstream>[0] =>
    (req, res) => {
      if (req.url !== sessionIntrospectionRoute.path) return echo(req, res);
      const answer = verdict(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
      res.writeHead(answer ? 200 : 500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ?? {}));
    };
  const active: SessionIntrospection = { active: true, ended: null, sessionsValidAfter: null, stop: false };
  const signedOut: SessionIntrospection = {
    active: false,
    ended: 'session',
    sessionsValidAfter: null,
    stop: false,
  };

  it("refuses a token auth has ended on the very first call, and lets auth's active ones through", async () => {
    const [out, live] = [token(randomUUID(), 's-out'), token(randomUUID(), 's-live')];
    const { gw, bus } = await setup(authAnswering((t) => (t === out ? signedOut : active)));
    await bus.close(); // isHealthy() is now false: the feed may have missed the sign-out
    const refused = await status(gw.url, '/api/conversations', out);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: SESSION_ENDED_MESSAGE,
    });
    expect((await status(gw.url, '/api/conversations', live)).status).toBe(200);
  });

  it('keeps to what it knows when auth cannot answer either', async () => {
    const { gw, bus } = await setup(authAnswering(() => undefined));
    await bus.close();
    expect((await status(gw.url, '/api/conversations', token(randomUUID(), 's1'))).status).toBe(200);
  });
});
