import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echo, rawRequest, startGateway, startUpstream } from './test/harness';

let up: Awaited<ReturnType<typeof startUpstream>>;
let gw: Awaited<ReturnType<typeof startGateway>>;
let own: string;

beforeAll(async () => {
  up = await startUpstream(echo);
  gw = await startGateway({
    AUTH_URL: up.url,
    CHAT_URL: up.url,
    BILLING_URL: up.url,
    ADMIN_URL: up.url,
    ALLOWED_ORIGINS: 'https://partner.example',
    CHAT_HOSTS: 'chat.localhost',
    MARKETING_HOSTS: 'noek.localhost,www.noek.localhost:9999',
  });
  own = gw.url;
});
afterAll(async () => {
  await gw.stop();
  await up.close();
});

const port = () => new URL(own).port;
const post = (headers: Record<string, string>, path = '/api/conversations', method = 'POST') =>
  rawRequest(own + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

describe('origin check on state-changing requests', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s from a foreign Origin answers 403 FOREIGN_ORIGIN',
    async (method) => {
      const res = await post({ origin: 'https://evil.example' }, '/api/conversations/c1', method);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'FOREIGN_ORIGIN' });
    },
  );

  it.each([
    ['the own origin', () => own],
    ['an ALLOWED_ORIGINS entry', () => 'https://partner.example'],
    ['a CHAT_HOSTS host on our port', () => `http://chat.localhost:${port()}`],
    ['a MARKETING_HOSTS host on our port', () => `http://noek.localhost:${port()}`],
    ['a MARKETING_HOSTS host:port entry', () => 'http://www.noek.localhost:9999'],
  ])('allows %s', async (_label, origin) => {
    const res = await post({ origin: origin() });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a site host on another port', () => 'http://noek.localhost:1'],
    ['a site host on another scheme', () => `https://chat.localhost:${port()}`],
    ['the null origin', () => 'null'],
    ['a look-alike host', () => `http://chat.localhost.evil.example:${port()}`],
  ])('refuses %s', async (_label, origin) => {
    expect((await post({ origin: origin() })).status).toBe(403);
  });

  it('uses Referer when Origin is absent', async () => {
    expect((await post({ referer: `${own}/chat/c1` })).status).toBe(200);
    expect((await post({ referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await post({ referer: 'not a url' })).status).toBe(403);
  });

  it('allows neither header only without a cookie', async () => {
    expect((await post({})).status).toBe(200);
    expect((await post({ cookie: 'session=abc' })).status).toBe(403);
  });

  it('does not check safe methods', async () => {
    const res = await rawRequest(`${own}/api/conversations`, {
      headers: { origin: 'https://evil.example', cookie: 'a=b' },
    });
    expect(res.status).toBe(200);
  });

  it('exempts the payment webhook (signature-authenticated)', async () => {
    const res = await post({ origin: 'https://evil.example' }, '/api/payment/webhook');
    expect(res.status).toBe(200);
  });
});

describe('admin actions come from the chat site only', () => {
  const admin = (headers: Record<string, string>) => post(headers, '/api/admin/users/u1/block');

  it.each([
    ['the own origin on a chat host', () => own],
    ['a CHAT_HOSTS host on our port', () => `http://chat.localhost:${port()}`],
  ])('allows %s', async (_label, origin) => {
    expect((await admin({ origin: origin() })).status).toBe(200);
  });

  it.each([
    ['a MARKETING_HOSTS host on our port', () => `http://noek.localhost:${port()}`],
    ['a MARKETING_HOSTS host:port entry', () => 'http://www.noek.localhost:9999'],
    ['an ALLOWED_ORIGINS entry', () => 'https://partner.example'],
  ])('refuses %s with 403 FOREIGN_ORIGIN', async (_label, origin) => {
    const res = await admin({ origin: origin() });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'FOREIGN_ORIGIN' });
  });

  it("refuses the marketing site's own origin, same-origin as it is", async () => {
    const host = `noek.localhost:${port()}`;
    const res = await admin({ host, origin: `http://${host}` });
    expect(res.status).toBe(403);
    // The same page may still call the rest of the API (the cross-site handoff, sign-in).
    expect((await post({ host, origin: `http://${host}` })).status).toBe(200);
  });
});

describe('content type on state-changing requests', () => {
  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ])('%s answers 415', async (type) => {
    const res = await rawRequest(`${own}/api/auth/login`, {
      method: 'POST',
      headers: { origin: own, 'content-type': type },
      body: 'a=b',
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json'])(
    '%s passes',
    async (type) => {
      const res = await rawRequest(`${own}/api/auth/login`, {
        method: 'POST',
        headers: { origin: own, 'content-type': type },
        body: '{}',
      });
      expect(res.status).toBe(200);
    },
  );

  it('a bodiless POST without a content type passes', async () => {
    const res = await rawRequest(`${own}/api/conversations/c1/archive`, {
      method: 'POST',
      headers: { origin: own },
    });
    expect(res.status).toBe(200);
  });
});

// One token a minute: no refill while a test runs, however slow the machine (at 60 a minute, a test that
// took over a second between its requests got a token back and its 429 became a 200).
describe('per-address rate limit on /api', () => {
  it('answers 429 JSON with Retry-After once the burst is spent', async () => {
    const g = await startGateway({ AUTH_URL: up.url, RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_BURST: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${g.url}/api/auth/me`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await fetch(`${g.url}/api/version`);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Static pages and probes are not limited.
      expect((await fetch(`${g.url}/healthz`)).status).toBe(200);
    } finally {
      await g.stop();
    }
  });

  it('keys on the socket address, not on a client-sent X-Forwarded-For', async () => {
    const g = await startGateway({ AUTH_URL: up.url, RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_BURST: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await rawRequest(`${g.url}/api/auth/me`, { headers: { 'x-forwarded-for': `10.0.0.${i}` } }))
            .status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await g.stop();
    }
  });
});
