import { request, type RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBodySchema, fileUploadPaths } from '@noek/contracts';
import { echo, rawRequest, startGateway, startUpstream } from './test/harness';

const IMPORT = fileUploadPaths[0];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A gateway with a 1,000-byte ordinary limit and a 100,000-byte upload limit in front of `handler`. */
async function setup(handler: RequestListener, env: Record<string, string> = {}) {
  const up = await startUpstream(handler);
  const gw = await startGateway({
    CHAT_URL: up.url,
    MAX_BODY_BYTES: '1000',
    IMPORT_MAX_BYTES: '100000',
    ...env,
  });
  cleanups.push(
    () => up.close(),
    () => gw.stop(),
  );
  return { up, gw };
}

/** Counts the bytes it received and answers with the count. */
const counter: RequestListener = (req, res) => {
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bytes, type: req.headers['content-type'] }));
  });
};

const post = (url: string, body: Buffer, headers: Record<string, string> = {}) =>
  rawRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('file upload routes (contracts fileUploadPaths)', () => {
  it('take a body up to IMPORT_MAX_BYTES, JSON or zip, declared or chunked', async () => {
    const { gw } = await setup(counter);
    const declared = await post(`${gw.url}${IMPORT}`, Buffer.alloc(100_000, 0x20));
    expect(declared.status).toBe(200);
    expect(JSON.parse(declared.body)).toEqual({ bytes: 100_000, type: 'application/json' });
    const zip = await post(`${gw.url}${IMPORT}?x=1`, Buffer.alloc(50_000, 1), {
      'content-type': 'application/zip',
      'transfer-encoding': 'chunked',
    });
    expect(JSON.parse(zip.body)).toEqual({ bytes: 50_000, type: 'application/zip' });
  });

  it('answer 413 with a plain message past the limit, declared (upstream untouched) or streamed', async () => {
    let hits = 0;
    const { gw } = await setup((req, res) => {
      hits += 1;
      counter(req, res);
    });
    const declared = await post(`${gw.url}${IMPORT}`, Buffer.alloc(100_001, 0x20));
    expect(declared.status).toBe(413);
    expect(errorBodySchema.parse(JSON.parse(declared.body))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large: files up to 0.1 MB can be imported.',
    });
    expect(hits).toBe(0);
    const streamed = await post(`${gw.url}${IMPORT}`, Buffer.alloc(150_000, 0x20), {
      'transfer-encoding': 'chunked',
    });
    expect(streamed.status).toBe(413);
  });

  it('keep the ordinary limit, and JSON only, on every other route', async () => {
    const { gw } = await setup(echo);
    for (const path of ['/api/conversations', `${IMPORT}/x`, `${IMPORT}x`, '/api/conversations/1/messages']) {
      expect((await post(`${gw.url}${path}`, Buffer.alloc(1_001, 0x20))).status).toBe(413);
      const zip = await post(`${gw.url}${path}`, Buffer.alloc(10, 1), { 'content-type': 'application/zip' });
      expect(zip.status).toBe(415);
    }
    const form = await post(`${gw.url}${IMPORT}`, Buffer.from('a=1'), {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(form.status).toBe(415);
  });

  it('refuse an upload from another origin like any write', async () => {
    const { gw } = await setup(counter);
    const res = await post(`${gw.url}${IMPORT}`, Buffer.from('[]'), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('stream the file up as it arrives: the upstream reads its start before the client sent the rest', async () => {
    let firstBytes!: () => void;
    const upstreamGotBytes = new Promise<void>((r) => (firstBytes = r));
    const { gw } = await setup((req, res) => {
      req.once('data', () => firstBytes());
      counter(req, res);
    });
    const answer = new Promise<string>((resolve, reject) => {
      const req = request(
        `${gw.url}${IMPORT}`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '80000' } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(40_000, 0x20));
      // The second half goes only once the upstream has seen the first: nothing waits for the whole file.
      void upstreamGotBytes.then(() => req.end(Buffer.alloc(40_000, 0x20)));
    });
    expect(JSON.parse(await answer)).toMatchObject({ bytes: 80_000 });
  });

  it('wait IMPORT_TIMEOUT_MS, not UPSTREAM_TIMEOUT_MS, for the answer', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const { gw } = await setup(
      (req, res) => {
        // An ordinary route stalls; the upload is answered once the ordinary one has timed out.
        if (req.url === IMPORT) void released.then(() => counter(req, res));
      },
      { UPSTREAM_TIMEOUT_MS: '200', IMPORT_TIMEOUT_MS: '60000' },
    );
    const upload = post(`${gw.url}${IMPORT}`, Buffer.alloc(10, 0x20));
    const other = await post(`${gw.url}/api/conversations`, Buffer.alloc(10, 0x20));
    expect(other.status).toBe(504);
    release();
    expect((await upload).status).toBe(200);
  });
});
