import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, versionResponseSchema } from '@noek/contracts';
import { echo, rawRequest, sendRaw, startGateway, startUpstream, type Echoed } from './test/harness';

type Up = Awaited<ReturnType<typeof startUpstream>>;
const services = ['auth', 'chat', 'billing', 'admin'] as const;
let ups: Record<(typeof services)[number], Up>;
let gw: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  const started = await Promise.all(
    services.map((name) =>
      startUpstream((req, res) => {
        res.setHeader('x-served-by', name);
        echo(req, res);
      }),
    ),
  );
  ups = Object.fromEntries(services.map((s, i) => [s, started[i]!])) as typeof ups;
  gw = await startGateway({
    AUTH_URL: ups.auth.url,
    CHAT_URL: ups.chat.url,
    BILLING_URL: ups.billing.url,
    ADMIN_URL: ups.admin.url,
    APP_VERSION: '9.9.9-test',
  });
});
afterAll(async () => {
  await gw.stop();
  await Promise.all(Object.values(ups).map((u) => u.close()));
});

describe('routing table', () => {
  it.each([
    ['/api/auth/login', 'auth'],
    ['/api/auth', 'auth'],
    ['/api/verify-email?token=abc%20def', 'auth'],
    ['/api/resend-verification', 'auth'],
    ['/api/conversations', 'chat'],
    ['/api/conversations/c1/messages?after=5&x=%2F', 'chat'],
    ['/api/subscription/status', 'billing'],
    ['/api/payment/subscribe', 'billing'],
    ['/api/admin/users?page=2', 'admin'],
  ])('%s reaches %s with the full original path and query', async (target, service) => {
    const res = await fetch(gw.url + target);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-served-by')).toBe(service);
    const seen = (await res.json()) as Echoed;
    expect(seen.url).toBe(target);
  });

  it('passes method and JSON body through', async () => {
    const res = await fetch(`${gw.url}/api/conversations/c1`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hello' }),
    });
    const seen = (await res.json()) as Echoed;
    expect(seen).toMatchObject({ method: 'PATCH', body: '{"title":"Hello"}' });
    expect(seen.headers['content-type']).toBe('application/json');
  });

  it('streams a chunked request body upstream intact', async () => {
    const body = Buffer.alloc(200_000, 'a');
    const res = await rawRequest(`${gw.url}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
    });
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as Echoed).body.length).toBe(200_000);
  });

  it.each([
    '/api',
    '/api/',
    '/api/unknown',
    '/api/authx',
    '/API/auth/login',
    '/api/auth-ish',
    '/api//auth/login',
  ])('unknown API path %s answers 404 JSON', async (path) => {
    const res = await fetch(gw.url + path);
    expect(res.status).toBe(404);
    const body = errorBodySchema.parse(await res.json());
    expect(body.code).toBe('NOT_FOUND');
  });

  it.each([
    '/api/auth/../admin/users',
    '/api/auth/%2e%2e/admin/users',
    '/api/auth/.%2E/admin/users',
    '/api/auth/%2fadmin',
    '/api/auth/x%00y',
    '/api/auth/%zz',
    '/api/auth\\login',
  ])('malformed path %s answers 400 and reaches no service', async (path) => {
    const answer = await sendRaw(gw.url, `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code":"BAD_REQUEST"');
    expect(answer).not.toMatch(/x-served-by/i);
  });

  it('refuses an absolute-form request target', async () => {
    const answer = await sendRaw(
      gw.url,
      'GET http://evil.example/api/auth/login HTTP/1.1\r\nHost: evil.example\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
  });
});

describe('version', () => {
  it('answers { version } itself, never cached, with the timestamp query ignored', async () => {
    const res = await fetch(`${gw.url}/api/version?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(versionResponseSchema.parse(await res.json())).toEqual({ version: '9.9.9-test' });
  });

  it('refuses other methods', async () => {
    const res = await fetch(`${gw.url}/api/version`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});

describe('request ids and identity headers', () => {
  it("never passes on a client's own x-request-id, well-formed or not: its own id, the same upstream and back", async () => {
    const res = await rawRequest(`${gw.url}/api/auth/me`, { headers: { 'x-request-id': 'abc-123.def' } });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((JSON.parse(res.body) as Echoed).headers['x-request-id']).toBe(id);
  });

  it('replaces a malformed one with a fresh id, the same upstream and back', async () => {
    const res = await rawRequest(`${gw.url}/api/auth/me`, { headers: { 'x-request-id': 'bad id <script>' } });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((JSON.parse(res.body) as Echoed).headers['x-request-id']).toBe(id);
  });

  it('generates one when absent, also on answers the gateway gives itself', async () => {
    const res = await fetch(`${gw.url}/api/nope`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await res.json()) as { requestId: string }).requestId).toBe(id);
  });

  it('drops identity headers a client sends and sets X-Forwarded-For from the socket', async () => {
    const res = await rawRequest(`${gw.url}/api/admin/users`, {
      headers: {
        'x-user-id': 'admin-1',
        'X-Forwarded-For': '6.6.6.6',
        'x-real-ip': '6.6.6.6',
        forwarded: 'for=6.6.6.6',
        'x-noek-user': 'admin',
        'X-Noek-Access-Level': 'admin',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        connection: 'keep-alive, x-secret-hop',
        'x-secret-hop': 'drop me',
        'x-custom': 'kept',
      },
    });
    const { headers } = JSON.parse(res.body) as Echoed;
    expect(headers['x-user-id']).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-noek-user']).toBeUndefined();
    expect(headers['x-noek-access-level']).toBeUndefined();
    expect(headers['x-secret-hop']).toBeUndefined();
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(gw.url).host);
    expect(headers.host).toBe(new URL(gw.url).host);
    expect(headers['x-custom']).toBe('kept');
  });
});

describe('response headers', () => {
  const expectSecurityHeaders = (h: Headers) => {
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(h.get('x-frame-options')).toBe('DENY');
    const csp = h.get('content-security-policy') ?? '';
    for (const d of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "img-src 'self' data:",
    ]) {
      expect(csp).toContain(d);
    }
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(csp).not.toContain('unsafe-eval');
    expect(h.get('strict-transport-security')).toBeNull(); // plain HTTP here
  };

  it.each(['/api/auth/me', '/api/version', '/api/nope', '/healthz', '/remotes-manifest.json'])(
    'security headers on %s',
    async (path) => {
      expectSecurityHeaders((await fetch(gw.url + path)).headers);
    },
  );

  it('the gateway wins over an upstream that sets its own security headers', async () => {
    const up = await startUpstream((_req, res) => {
      res.writeHead(200, {
        'x-frame-options': 'ALLOWALL',
        'content-security-policy': 'script-src *',
        'x-keep': '1',
      });
      res.end('{}');
    });
    const g = await startGateway({ AUTH_URL: up.url });
    const res = await fetch(`${g.url}/api/auth/x`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).not.toContain('script-src *');
    expect(res.headers.get('x-keep')).toBe('1');
    await g.stop();
    await up.close();
  });

  it('HSTS when TRUST_HTTPS', async () => {
    const g = await startGateway({ TRUST_HTTPS: 'true' });
    const res = await fetch(`${g.url}/healthz`);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    await g.stop();
  });
});
