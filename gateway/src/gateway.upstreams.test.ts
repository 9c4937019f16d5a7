import { afterEach, describe, expect, it } from 'vitest';
import { NOT_ACCEPTED_HEADER } from '@noek/contracts';
import { rawRequest, startGateway, startUpstream } from './test/harness';

// Several addresses per service: spread, retry where the request cannot have been acted on,
// passive ejection. Real local HTTP servers stand in for the service's replicas.
type Up = Awaited<ReturnType<typeof startUpstream>>;
type Gw = Awaited<ReturnType<typeof startGateway>>;
const open: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.stop()));
});

/** A replica that counts what it got and answers `status` with its name. */
async function replica(name: string, status = 200) {
  const hits: string[] = [];
  const up: Up = await startUpstream((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name }));
    });
  });
  open.push({ stop: () => up.close() });
  return { ...up, hits };
}

async function gatewayFor(...urls: string[]): Promise<Gw> {
  const gw = await startGateway({ CHAT_URL: urls.join(', '), RATE_LIMIT_PER_MINUTE: '0' });
  open.push(gw);
  return gw;
}

const post = (gw: Gw, path: string) =>
  rawRequest(`${gw.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"text":"hello"}',
  });

describe('several upstream addresses per service', () => {
  it('spreads requests over every address', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const gw = await gatewayFor(a.url, b.url);
    for (let i = 0; i < 10; i += 1)
      expect((await rawRequest(`${gw.url}/api/conversations`)).status).toBe(200);
    expect(a.hits.length).toBe(5);
    expect(b.hits.length).toBe(5);
  });

  it('loses no request, GET or POST, when one address stops', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const gw = await gatewayFor(a.url, b.url);
    await a.close();
    for (let i = 0; i < 10; i += 1) {
      const got = await rawRequest(`${gw.url}/api/conversations`);
      expect(got.status).toBe(200);
      expect((await post(gw, '/api/conversations')).status).toBe(200);
    }
    expect(b.hits.filter((h) => h.startsWith('POST')).length).toBe(10);
  });

  it('retries a GET answered 503 on another address, never a POST that reached one', async () => {
    const [down, up] = [await replica('down', 503), await replica('up')];
    const gw = await gatewayFor(down.url, up.url);
    for (let i = 0; i < 2; i += 1) {
      const got = await rawRequest(`${gw.url}/api/conversations`);
      expect(got.status).toBe(200);
      expect(JSON.parse(got.body)).toEqual({ name: 'up' });
    }
    // The round-robin cursor points at `down` again: the POST lands there and its 503 is the answer.
    const statuses = [
      (await post(gw, '/api/conversations')).status,
      (await post(gw, '/api/conversations')).status,
    ];
    expect(statuses.sort()).toEqual([200, 503]);
    expect(down.hits.filter((h) => h.startsWith('POST')).length).toBe(1);
  });

  it('sends a POST a draining replica refused untouched (503 not-accepted) to another one, body and all', async () => {
    const bodies: string[] = [];
    const draining: Up = await startUpstream((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(503, {
          'content-type': 'application/json',
          [NOT_ACCEPTED_HEADER]: '1',
          'retry-after': '1',
        });
        res.end('{"code":"SERVICE_UNAVAILABLE"}');
      });
    });
    open.push({ stop: () => draining.close() });
    const serving: Up = await startUpstream((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"name":"serving"}');
      });
    });
    open.push({ stop: () => serving.close() });
    const gw = await gatewayFor(draining.url, serving.url);
    for (let i = 0; i < 4; i += 1) expect((await post(gw, '/api/conversations/1/messages')).status).toBe(200);
    expect(bodies).toEqual(Array(4).fill('{"text":"hello"}'));
  });

  it('ejects an address after consecutive 5xx answers', async () => {
    const [bad, good] = [await replica('bad', 500), await replica('good')];
    const gw = await gatewayFor(bad.url, good.url);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await rawRequest(`${gw.url}/api/conversations`)).status);
    // Three failures put it out for the cool-off; everything after went to the good one.
    expect(bad.hits.length).toBe(3);
    expect(statuses.filter((s) => s === 500).length).toBe(3);
    expect(statuses.slice(-10).every((s) => s === 200)).toBe(true);
  });

  it('keeps a single address exactly as before (one attempt, its answer)', async () => {
    const only = await replica('only', 503);
    const gw = await gatewayFor(only.url);
    expect((await rawRequest(`${gw.url}/api/conversations`)).status).toBe(503);
    expect(only.hits.length).toBe(1);
  });
});
