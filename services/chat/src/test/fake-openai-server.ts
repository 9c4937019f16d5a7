import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat completions server for tests and benchmarks: streams chunks the way
 * the real API does (SSE `data: {...}` lines, then `data: [DONE]`) and can fail, stall or be slow.
 */
export interface FakeScript {
  /** Text deltas to stream. */
  chunks: string[];
  /** Delay before each chunk. */
  chunkDelayMs?: number;
  /** Delay before the response headers. */
  headerDelayMs?: number;
  /** Answer this HTTP status with an error body instead of streaming. */
  failStatus?: number;
  /** After this many chunks, stop sending and keep the connection open. */
  stallAfter?: number;
  /** After this many chunks, destroy the connection. */
  dropAfter?: number;
}

export interface FakeRequest {
  body: { model?: string; messages?: { role: string; content: string }[]; stream?: boolean };
  /** Set when the client closed the connection before the stream ended (Stop, timeout). */
  clientAborted: boolean;
}

export interface FakeOpenAi {
  url: string;
  /** Script for the following requests (a function may pick per request or per attempt). */
  script: FakeScript | ((req: FakeRequest, index: number) => FakeScript);
  requests: FakeRequest[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function chunkLine(text: string, finish: string | null = null): string {
  const payload = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, delta: finish ? {} : { content: text }, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

async function readJson(req: IncomingMessage): Promise<FakeRequest['body']> {
  let raw = '';
  for await (const part of req) raw += String(part);
  try {
    return JSON.parse(raw) as FakeRequest['body'];
  } catch {
    return {};
  }
}

async function serve(fake: FakeOpenAi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    return;
  }
  const record: FakeRequest = { body: await readJson(req), clientAborted: false };
  const index = fake.requests.push(record) - 1;
  let ended = false;
  res.on('close', () => {
    if (!ended) record.clientAborted = true;
  });
  const script = typeof fake.script === 'function' ? fake.script(record, index) : fake.script;
  if (script.headerDelayMs) await sleep(script.headerDelayMs);
  if (record.clientAborted) return;
  if (script.failStatus) {
    ended = true;
    res.writeHead(script.failStatus, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'fake upstream failure', type: 'server_error' } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  for (const [i, text] of script.chunks.entries()) {
    if (script.stallAfter === i) return; // keep the socket open, send nothing more
    if (script.dropAfter === i) return void res.destroy();
    if (script.chunkDelayMs) await sleep(script.chunkDelayMs);
    if (record.clientAborted) return;
    res.write(chunkLine(text));
  }
  ended = true;
  res.end(`${chunkLine('', 'stop')}data: [DONE]\n\n`);
}

export async function startFakeOpenAi(
  port = 0,
  script: FakeOpenAi['script'] = { chunks: ['Hello', ' there'] },
) {
  const fake: FakeOpenAi = { url: '', script, requests: [], close: async () => undefined };
  const server = createServer((req, res) => {
    serve(fake, req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
