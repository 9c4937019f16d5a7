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
  /** The error body's `error` object for failStatus (default: a generic server error). */
  failError?: { message: string; type?: string; code?: string };
  /** After this many chunks, stop sending and keep the connection open. */
  stallAfter?: number;
  /** After this many chunks, destroy the connection. */
  dropAfter?: number;
  /** Reported in a last chunk when the request asks for it (`stream_options.include_usage`). */
  usage?: { prompt: number; completion: number };
}

/** What the server answers besides chat completions: its model list and who it accepts. */
export interface FakeCatalog {
  /** Answered by GET /v1/models (and GET /api/tags when `ollama`). */
  models: string[];
  /** When set, requests without `Authorization: Bearer <apiKey>` get a 401. */
  apiKey?: string;
  /** Answer GET /v1/models (and /api/tags) with this status instead of the list. */
  listFailStatus?: number;
  /** Also answer Ollama's native GET /api/tags (a fake local Ollama). */
  ollama?: boolean;
}

export interface FakeRequest {
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
  };
  /** Set when the client closed the connection before the stream ended (Stop, timeout). */
  clientAborted: boolean;
}

export interface FakeOpenAi {
  url: string;
  /** Script for the following requests (a function may pick per request or per attempt). */
  script: FakeScript | ((req: FakeRequest, index: number) => FakeScript);
  requests: FakeRequest[];
  catalog: FakeCatalog;
  /** How many model-list requests were answered (the send path must make none). */
  listRequests: number;
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

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The model lists: OpenAI's GET /v1/models, and Ollama's GET /api/tags for a fake Ollama. */
function serveList(fake: FakeOpenAi, req: IncomingMessage, res: ServerResponse): boolean {
  const path = req.url?.split('?')[0];
  const tags = fake.catalog.ollama && path === '/api/tags';
  if (req.method !== 'GET' || (!tags && path !== '/v1/models')) return false;
  fake.listRequests++;
  const { listFailStatus, models } = fake.catalog;
  if (listFailStatus) sendJson(res, listFailStatus, { error: { message: 'fake list failure' } });
  else if (tags) sendJson(res, 200, { models: models.map((name) => ({ name, model: name, size: 1 })) });
  else
    sendJson(res, 200, {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', owned_by: 'fake' })),
    });
  return true;
}

async function serve(fake: FakeOpenAi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { apiKey } = fake.catalog;
  if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
    // Like OpenAI: the key is never echoed back, only a hint of it.
    sendJson(res, 401, {
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
    return;
  }
  if (serveList(fake, req, res)) return;
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
    res.end(
      JSON.stringify({
        error: script.failError ?? { message: 'fake upstream failure', type: 'server_error' },
      }),
    );
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
  const { usage } = script;
  const usageLine =
    usage && record.body.stream_options?.include_usage
      ? `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: 'fake-model',
          choices: [],
          usage: {
            prompt_tokens: usage.prompt,
            completion_tokens: usage.completion,
            total_tokens: usage.prompt + usage.completion,
          },
        })}\n\n`
      : '';
  res.end(`${chunkLine('', 'stop')}${usageLine}data: [DONE]\n\n`);
}

export async function startFakeOpenAi(
  port = 0,
  script: FakeOpenAi['script'] = { chunks: ['Hello', ' there'] },
  catalog: FakeCatalog = { models: ['fake-model'] },
) {
  const fake: FakeOpenAi = {
    url: '',
    script,
    requests: [],
    catalog,
    listRequests: 0,
    close: async () => undefined,
  };
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
