/**
 * Raw bytes at the gateway, both ways: valid requests mutated (bytes flipped, inserted, cut,
 * repeated, pure noise), written in random pieces, pipelined, to the gateway (node:http); then
 * valid requests answered by an upstream that mutates its answers. Whatever arrives, every answer is a
 * well-formed HTTP/1.1 status line and never a 500 (a bug caught by the crash guard), nothing is logged
 * as an unhandled error, and the gateway keeps answering. The mutations come from a fixed seed, so each
 * run sends the same bytes.
 */
import { connect as netConnect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@noek/service-kit';
import { seededRandom } from '../../scripts/lib/fuzz-values';
import { echo, startGateway, startUpstream } from './test/harness';

const SEED = 0x10_05;
const CASES = 400;
const BATCH = 25;
/** How long a case waits for an answer or a close before it gives up on the connection. */
const WAIT_MS = 250;

const errors: string[] = [];
const logger = createLogger({
  name: 'gateway-fuzz',
  level: 'error',
  destination: new Writable({
    write(line, _encoding, callback) {
      errors.push(String(line));
      callback();
    },
  }),
});

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: gw\r\nAccept: */*\r\n\r\n`;
const post = (path: string, body: string, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: gw\r\nContent-Type: application/json\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const chunked = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: gw\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n3;x=1\r\n{"a\r\n4\r\n":1}\r\n0\r\nT: 1\r\n\r\n`;
const SEEDS = [
  get('/api/conversations/1'),
  get('/api/conversations/2?x=%2F') + get('/api/conversations/3'),
  post('/api/conversations/4', '{"title":"x"}'),
  post('/api/conversations/5', '{"a":1}', 'Expect: 100-continue\r\n'),
  chunked('/api/conversations/6'),
  `HEAD /api/conversations/7 HTTP/1.1\r\nHost: gw\r\nConnection: close\r\n\r\n`,
  get('/api/version') + get('/healthz') + get('/api/conversations/8'),
  `DELETE /api/conversations/9 HTTP/1.1\r\nHost: gw\r\nContent-Length: 0\r\n\r\n`,
];
const NASTY = [0, 9, 10, 13, 32, 34, 37, 44, 47, 58, 59, 92, 127, 128, 255].concat(
  [...'0123456789abcdef'].map((c) => c.charCodeAt(0)),
);

function mutate(rand: () => number, input: Buffer): Buffer {
  const bytes = [...input];
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const at = () => Math.floor(rand() * (bytes.length + 1));
  const rounds = 1 + Math.floor(rand() * 4);
  for (let r = 0; r < rounds; r += 1) {
    switch (Math.floor(rand() * 6)) {
      case 0: // flip one byte
        if (bytes.length) bytes[Math.min(bytes.length - 1, at())] = pick(NASTY);
        break;
      case 1: // insert a few bytes
        bytes.splice(at(), 0, ...Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(NASTY)));
        break;
      case 2: // cut the rest
        bytes.length = at();
        break;
      case 3: {
        // repeat a stretch
        const from = at();
        bytes.splice(at(), 0, ...bytes.slice(from, from + Math.floor(rand() * 40)));
        break;
      }
      case 4: // noise
        return Buffer.from(Array.from({ length: Math.floor(rand() * 200) }, () => Math.floor(rand() * 256)));
      default: // a huge header
        bytes.splice(
          Math.max(0, bytes.indexOf(10) + 1),
          0,
          ...Buffer.from(`X-Big: ${'y'.repeat(Math.floor(rand() * 40_000))}\r\n`),
        );
    }
  }
  return Buffer.from(bytes);
}

/** Writes `bytes` in random pieces; resolves with what came back by the time the gateway closed or WAIT_MS passed. */
function exchange(port: number, bytes: Buffer, rand: () => number): Promise<string> {
  return new Promise((resolve) => {
    const socket: Socket = netConnect(port, '127.0.0.1');
    let answer = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('close', finish);
    socket.on('error', () => {});
    socket.on('connect', () => {
      for (let i = 0; i < bytes.length;) {
        const n = 1 + Math.floor(rand() * 64);
        socket.write(bytes.subarray(i, i + n));
        i += n;
      }
      setTimeout(finish, WAIT_MS);
    });
  });
}

/** Every status line in `answer`: each must be HTTP/1.1 and a 3-digit status, and none a 500. */
function checkAnswers(answer: string): string[] {
  const problems: string[] = [];
  for (const m of answer.matchAll(/(?:^|\r\n)(HTTP\/[^\r\n]*)/g)) {
    const line = m[1]!;
    if (!/^HTTP\/1\.1 [1-5]\d\d /.test(line)) problems.push(`odd status line ${JSON.stringify(line)}`);
    if (line.startsWith('HTTP/1.1 500')) problems.push('a 500: the crash guard caught a bug');
  }
  if (answer && !answer.startsWith('HTTP/1.1 '))
    problems.push(`not HTTP: ${JSON.stringify(answer.slice(0, 40))}`);
  return problems;
}

let up: Awaited<ReturnType<typeof startUpstream>>;
let gw: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  up = await startUpstream(echo);
  gw = await startGateway(
    {
      CHAT_URL: up.url,
      RATE_LIMIT_PER_MINUTE: '0',
      MAX_BODY_BYTES: '4096',
      HEADERS_TIMEOUT_MS: '1000',
    },
    {},
    { logger },
  );
});
afterAll(async () => {
  await gw.stop();
  await up.close();
});

describe('raw request bytes at the gateway', () => {
  it(`${CASES} mutated requests: well-formed answers, no 500, no unhandled error, still serving`, async () => {
    const port = Number(new URL(gw.url).port);
    const rand = seededRandom(SEED + 1);
    const problems: string[] = [];
    for (let i = 0; i < CASES; i += BATCH) {
      const cases = Array.from({ length: Math.min(BATCH, CASES - i) }, (_, k) => {
        const input = mutate(rand, Buffer.from(SEEDS[(i + k) % SEEDS.length]!, 'latin1'));
        return exchange(port, input, seededRandom(SEED + i + k)).then((answer) =>
          checkAnswers(answer).map(
            (p) => `case ${i + k}: ${p} for ${JSON.stringify(input.toString('latin1').slice(0, 120))}`,
          ),
        );
      });
      for (const found of await Promise.all(cases)) problems.push(...found);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    const res = await fetch(`${gw.url}/api/conversations/after`);
    expect(res.status).toBe(200);
    // Every request those connections began is accounted as over: stopping does not wait out the grace.
    const started = Date.now();
    await gw.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
  }, 60_000);
});

describe('raw answer bytes from an upstream', () => {
  let server: Server;
  let relay: Awaited<ReturnType<typeof startGateway>>;
  const rand = seededRandom(SEED + 7);
  const ANSWERS = [
    'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}',
    'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\nc\r\ndata: hi\n\n\r\n0\r\n\r\n',
    'HTTP/1.1 204 No Content\r\nX-A: b\r\n\r\n',
    'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}',
    'HTTP/1.1 503 Unavailable\r\nRetry-After: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
  ];

  beforeAll(async () => {
    let n = 0;
    server = createServer((s) => {
      s.on('error', () => {});
      s.once('data', () => {
        const answer = mutate(rand, Buffer.from(ANSWERS[n++ % ANSWERS.length]!, 'latin1'));
        s.end(answer);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    relay = await startGateway(
      {
        CHAT_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        RATE_LIMIT_PER_MINUTE: '0',
        UPSTREAM_TIMEOUT_MS: '300',
      },
      {},
      { logger },
    );
  });
  afterAll(async () => {
    await relay.stop();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('200 mutated answers: each relayed, refused (502/504) or cut; the gateway goes on', async () => {
    const port = Number(new URL(relay.url).port);
    const problems: string[] = [];
    for (let i = 0; i < 200; i += BATCH) {
      const cases = Array.from({ length: BATCH }, (_, k) =>
        exchange(port, Buffer.from(get(`/api/conversations/${i + k}`), 'latin1'), seededRandom(i + k)).then(
          (a) => checkAnswers(a).map((p) => `case ${i + k}: ${p}`),
        ),
      );
      for (const found of await Promise.all(cases)) problems.push(...found);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    const health = await fetch(`${relay.url}/healthz`);
    expect(health.status).toBe(200);
  }, 60_000);
});
