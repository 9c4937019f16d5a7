import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remotesManifestSchema, shellConfigSchema } from '@noek/contracts';
import { rawRequest, sendRaw, startGateway } from './test/harness';

let dir: string;
let gw: Awaited<ReturnType<typeof startGateway>>;
const INDEX = '<!doctype html><title>Noek</title><script src="/main.c78dd41f.js"></script>';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-static-'));
  const shell = join(dir, 'shell');
  const chat = join(dir, 'chat');
  mkdirSync(shell);
  mkdirSync(chat);
  writeFileSync(join(shell, 'index.html'), INDEX);
  writeFileSync(join(shell, 'main.c78dd41f.js'), 'console.log(1)');
  writeFileSync(join(shell, 'favicon.svg'), '<svg/>');
  writeFileSync(join(shell, '.env'), 'SECRET=1');
  writeFileSync(join(chat, 'remoteEntry.js'), 'var noek_chat;');
  writeFileSync(join(chat, 'mf-manifest.json'), '{"id":"noek_chat"}');
  writeFileSync(join(chat, '121.7cc7b811.js'), 'chunk');
  gw = await startGateway(
    { CHAT_HOSTS: 'localhost,chat.localhost', MARKETING_HOSTS: 'noek.localhost', BUILD_ID: 'b42' },
    {},
    { shellDistDir: shell, remoteDistDirs: { chat, admin: join(dir, 'admin-not-built') } },
  );
});
afterAll(async () => {
  await gw.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the shell', () => {
  it('serves index.html at / and has it revalidated on every load', async () => {
    const res = await fetch(`${gw.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await res.text()).toBe(INDEX);
  });

  it.each(['/chat/c1', '/subscribe', '/admin/users?page=2', '/success'])(
    'falls back to index.html for the app route %s',
    async (path) => {
      const res = await fetch(gw.url + path);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('serves a shared conversation page marked noindex', async () => {
    const res = await fetch(`${gw.url}/share/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await fetch(`${gw.url}/chat/1`)).headers.get('x-robots-tag')).toBeNull();
  });

  it('caches hashed assets for good, others must revalidate', async () => {
    const hashed = await fetch(`${gw.url}/main.c78dd41f.js`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-type')).toMatch(/javascript/);
    const plain = await fetch(`${gw.url}/favicon.svg`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    const res = await fetch(`${gw.url}/main.00000000.js`);
    expect(res.status).toBe(404);
  });

  it('hides dotfiles and refuses traversal', async () => {
    expect((await fetch(`${gw.url}/.env`)).status).toBe(404);
    expect(await sendRaw(gw.url, 'GET /../package.json HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 400/,
    );
    expect(await sendRaw(gw.url, 'GET /%2e%2e/package.json HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 400/,
    );
  });

  it('refuses other methods', async () => {
    expect((await fetch(`${gw.url}/`, { method: 'POST' })).status).toBe(405);
  });
});

describe('remotes', () => {
  it('serves a remote dist under /remotes/<name>/', async () => {
    const entry = await fetch(`${gw.url}/remotes/chat/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(await entry.text()).toBe('var noek_chat;');
    const chunk = await fetch(`${gw.url}/remotes/chat/121.7cc7b811.js`);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${gw.url}/remotes/chat/mf-manifest.json`)).status).toBe(200);
    // The shell's Retry adds a query string to bust caches.
    expect((await fetch(`${gw.url}/remotes/chat/remoteEntry.js?retry=1`)).status).toBe(200);
  });

  it.each([
    '/remotes/unknown/remoteEntry.js',
    '/remotes/chat',
    '/remotes/chat/missing.js',
    '/remotes/admin/remoteEntry.js',
  ])('404 for %s (no SPA fallback under /remotes)', async (path) => {
    const res = await fetch(gw.url + path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('lists same-origin manifests by default', async () => {
    const res = await fetch(`${gw.url}/remotes-manifest.json`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(remotesManifestSchema.parse(await res.json())).toEqual({
      remotes: {
        chat: '/remotes/chat/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
        billing: '/remotes/billing/mf-manifest.json',
        marketing: '/remotes/marketing/mf-manifest.json',
      },
    });
  });

  it('points at another origin when configured, and allows it in the CSP', async () => {
    const g = await startGateway({ REMOTE_ADMIN_URL: 'https://admin.cdn.example/v3/mf-manifest.json' });
    try {
      const res = await fetch(`${g.url}/remotes-manifest.json`);
      const body = remotesManifestSchema.parse(await res.json());
      expect(body.remotes.admin).toBe('https://admin.cdn.example/v3/mf-manifest.json');
      expect(body.remotes.chat).toBe('/remotes/chat/mf-manifest.json');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/admin\.cdn\.example/);
      expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/admin\.cdn\.example/);
    } finally {
      await g.stop();
    }
  });
});

describe('runtime config, version, probes', () => {
  it('GET /config.json gives the shell its hosts and the version', async () => {
    const res = await fetch(`${gw.url}/config.json`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(shellConfigSchema.parse(await res.json())).toEqual({
      marketingHosts: ['noek.localhost'],
      chatHosts: ['localhost', 'chat.localhost'],
      version: '0.1.0+b42',
    });
  });

  it("adds the sites' public URLs when configured", async () => {
    const g = await startGateway({
      CHAT_SITE_URL: 'https://chat.noek.example',
      MARKETING_SITE_URL: 'https://noek.example',
    });
    try {
      const body = shellConfigSchema.parse(await (await fetch(`${g.url}/config.json`)).json());
      expect(body).toMatchObject({
        chatUrl: 'https://chat.noek.example',
        marketingUrl: 'https://noek.example',
      });
      // ...and their origins may send state-changing requests.
      const post = (origin: string) =>
        fetch(`${g.url}/api/no-such-route`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: '{}',
        });
      expect((await post('https://noek.example')).status).toBe(404); // past the origin check
      expect((await post('https://evil.example')).status).toBe(403);
    } finally {
      await g.stop();
    }
  });

  it('derives the build id from the built index.html when BUILD_ID is unset', async () => {
    const g = await startGateway({}, {}, { shellDistDir: join(dir, 'shell') });
    try {
      const { version } = (await (await fetch(`${g.url}/api/version`)).json()) as { version: string };
      expect(version).toMatch(/^0\.1\.0\+[0-9a-f]{10}$/);
    } finally {
      await g.stop();
    }
  });

  it('says plainly when the app is not built', async () => {
    const g = await startGateway({}, {}, { shellDistDir: join(dir, 'nothing-here') });
    try {
      const res = await fetch(`${g.url}/`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toMatch(/npm run build/);
    } finally {
      await g.stop();
    }
  });

  it('SERVE_STATIC=false serves no files', async () => {
    const g = await startGateway({ SERVE_STATIC: 'false' }, {}, { shellDistDir: join(dir, 'shell') });
    try {
      expect((await fetch(`${g.url}/`)).status).toBe(404);
      expect((await fetch(`${g.url}/remotes-manifest.json`)).status).toBe(200);
    } finally {
      await g.stop();
    }
  });

  it('healthz, readyz and metrics', async () => {
    expect(await (await fetch(`${gw.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${gw.url}/readyz`)).json()).toEqual({ status: 'ready' });
    const metrics = await (await fetch(`${gw.url}/metrics`)).text();
    expect(metrics).toMatch(/gateway_requests_total\{[^}]*target="static"/);
  });

  it('keeps /metrics from public clients (as seen through a trusted proxy)', async () => {
    const g = await startGateway({ TRUST_PROXY_HOPS: '1' });
    try {
      const fromPublic = await rawRequest(`${g.url}/metrics`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(fromPublic.status).toBe(404);
      const fromCluster = await rawRequest(`${g.url}/metrics`, {
        headers: { 'x-forwarded-for': '10.2.3.4' },
      });
      expect(fromCluster.status).toBe(200);
    } finally {
      await g.stop();
    }
  });
});
