import { request } from 'node:http';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, flattenRoutes } from '@noek/contracts';
import { openApiPath } from '@noek/contracts/openapi';
import { startGateway, startUpstream } from './test/harness';

/** A GET whose path goes out byte for byte, dots and escapes included. */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

type Up = Awaited<ReturnType<typeof startUpstream>>;
let up: Up;
let gw: Awaited<ReturnType<typeof startGateway>>;
let proxied = 0;

beforeAll(async () => {
  up = await startUpstream((_req, res) => {
    proxied += 1;
    res.end('{}');
  });
  gw = await startGateway({
    AUTH_URL: up.url,
    CHAT_URL: up.url,
    BILLING_URL: up.url,
    ADMIN_URL: up.url,
    APP_VERSION: '9.9.9-test',
  });
});
afterAll(async () => {
  await gw.stop();
  await up.close();
});

type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, OperationDoc>>;
};
type OperationDoc = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

describe('the OpenAPI document (/api/openapi.json)', () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await fetch(`${gw.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as Doc;
  });

  it('is a valid OpenAPI 3.1 document of the running version, answered by the gateway itself', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('9.9.9-test');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(proxied).toBe(0);
  });

  it('lists every public route of the contracts with its answers', () => {
    for (const entry of flattenRoutes(apiRoutes)) {
      const op = doc.paths[openApiPath(entry.path)]?.[entry.method.toLowerCase()];
      expect(op, `${entry.method} ${entry.path}`).toBeDefined();
      const success = Object.keys(op!.responses).filter((s) => /^2|^3/.test(s));
      expect(success, `${entry.method} ${entry.path} declares a success`).not.toHaveLength(0);
      if (entry.response) {
        const status = String(entry.status ?? 200);
        expect(op!.responses[status]?.content?.['application/json']?.schema, entry.path).toBeDefined();
      }
    }
    const listed = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(listed).toBe(flattenRoutes(apiRoutes).length);
  });
});

describe('the API reference page (/api/docs)', () => {
  it('loads Swagger UI from the gateway itself, its scripts on that page only, under the CSP', async () => {
    const res = await fetch(`${gw.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) {
      expect(src.startsWith('/api/docs/'), src).toBe(true);
      const asset = await fetch(gw.url + src);
      expect(asset.status, src).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(0);
    }
    expect(html).not.toMatch(/<script>(?!<)/); // no inline script: script-src 'self' refuses it
    // Sent as written (fetch would resolve the dots to /etc/passwd, which is the site's page, not this one).
    for (const path of ['/api/docs/../../etc/passwd', '/api/docs/..%2f..%2fetc%2fpasswd']) {
      const raw = await rawGet(gw.url, path);
      expect(raw.status, path).not.toBe(200);
      expect(raw.body, path).not.toContain('root:');
    }
    expect((await fetch(`${gw.url}/api/docs/package.json`)).status).toBe(404);
  });

  it('refuses anything but GET and HEAD', async () => {
    const res = await fetch(`${gw.url}/api/openapi.json`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
