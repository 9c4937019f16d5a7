// npm run bench:import: a 50 MB ChatGPT export (conversations.json) imported through the real gateway into
// the chat service on real PostgreSQL (issue 28's performance section: ≤ 60 s, memory ≤ 200 MB above idle).
// The file is generated to disk first (conversations with branches, tool and hidden nodes and the metadata
// ChatGPT writes), then streamed as the upload; the process's RSS is sampled every 20 ms while the import
// runs (gateway and chat share this process; the upload comes from a child process, as a browser's would:
// undici's fetch in this process held ~90 MB of the request body as external memory, which is the client's).
// BENCH_IMPORT_MB sets the size. Database: TEST_DATABASE_URL (the API tests' schema, dropped and made again).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFile } from 'node:child_process';
import { fileUploadPaths, importResponseSchema } from '@noek/contracts';
import { createGateway, loadGatewayConfig } from '@noek/gateway';
import { startChatHarness, userClient } from '../services/chat/src/test/chat-api-harness';

const TARGET_BYTES = Number(process.env.BENCH_IMPORT_MB ?? 50) * 1_048_576;
const MB = (n: number) => (n / 1_048_576).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const words =
  'the walrus is a large flippered marine mammal with a discontinuous distribution about the north pole'.split(
    ' ',
  );
const text = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(' ');

/** One conversation of the export: a path of turns, a regenerated answer every 5th turn, tool calls. */
function conversation(i: number) {
  const t0 = 1_690_000_000 + i * 3_600;
  const mapping: Record<string, unknown> = {};
  const add = (id: string, parent: string | null, role: string | null, content: string, t: number) => {
    mapping[id] = {
      id,
      parent,
      children: [] as string[],
      message: role && {
        id,
        author: { role, name: null, metadata: {} },
        create_time: t,
        update_time: null,
        content: { content_type: 'text', parts: [content] },
        status: 'finished_successfully',
        end_turn: role === 'assistant',
        weight: 1,
        metadata: {
          model_slug: 'gpt-4o',
          finish_details: { type: 'stop', stop_tokens: [200002] },
          citations: [],
          is_visually_hidden_from_conversation: role === 'system',
          request_id: `req-${i}-${id}`,
          timestamp_: 'absolute',
        },
        recipient: 'all',
      },
    };
    if (parent) (mapping[parent] as { children: string[] }).children.push(id);
  };
  add('root', null, null, '', t0);
  add('sys', 'root', 'system', '', t0);
  let parent = 'sys';
  const turns = 8 + (i % 17);
  for (let k = 0; k < turns; k++) {
    const t = t0 + k * 60;
    add(`q${k}`, parent, 'user', text(20 + (k % 30), i + k), t);
    if (k % 5 === 4) add(`r${k}`, `q${k}`, 'assistant', text(80, i + k + 1), t + 10);
    if (k % 7 === 6) {
      add(`tool${k}`, `q${k}`, 'tool', text(30, k), t + 5);
      add(`a${k}`, `tool${k}`, 'assistant', text(120 + (k % 40) * 4, i + k), t + 20);
    } else add(`a${k}`, `q${k}`, 'assistant', text(120 + (k % 40) * 4, i + k), t + 20);
    parent = `a${k}`;
  }
  return {
    title: `Conversation ${i}: ${text(5, i)}`,
    create_time: t0 + 0.25,
    update_time: t0 + turns * 60,
    mapping,
    moderation_results: [],
    current_node: parent,
    plugin_ids: null,
    conversation_id: `bench-${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
    conversation_template_id: null,
    id: `bench-${i}`,
  };
}

/** Writes conversations.json of about TARGET_BYTES, item by item. */
async function generate(file: string): Promise<{ bytes: number; conversations: number; messages: number }> {
  const out = createWriteStream(file);
  let bytes = 0;
  let n = 0;
  let messages = 0;
  const write = async (s: string) => {
    bytes += Buffer.byteLength(s);
    if (!out.write(s)) await once(out, 'drain');
  };
  await write('[');
  while (bytes < TARGET_BYTES) {
    const c = conversation(n);
    messages += Object.values(c.mapping).filter((m) => {
      const role = (m as { message?: { author: { role: string } } }).message?.author.role;
      return role === 'user' || role === 'assistant';
    }).length;
    await write(`${n ? ',' : ''}${JSON.stringify(c)}`);
    n += 1;
  }
  await write(']');
  out.end();
  await once(out, 'close');
  return { bytes, conversations: n, messages };
}

/** A child process uploads the file (node:http, the file piped): its memory is not this process's. */
async function uploadFrom(
  url: string,
  file: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const script = `
    const [url, file, headers] = process.argv.slice(1);
    const req = require('node:http').request(url, { method: 'POST', headers: JSON.parse(headers) }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c) => (body += c));
      res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, body })));
    });
    require('node:fs').createReadStream(file).pipe(req);`;
  const child = execFile(process.execPath, ['-e', script, url, file, JSON.stringify(headers)], {
    maxBuffer: 16 * 1_048_576,
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const [code] = (await once(child, 'close')) as [number];
  if (code !== 0) throw new Error(`the upload process exited with ${code}`);
  return JSON.parse(out) as { status: number; body: string };
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));
  const file = join(dir, 'conversations.json');
  const h = await startChatHarness();
  const gateway = createGateway(
    loadGatewayConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      CHAT_URL: h.url,
      AUTH_URL: 'http://127.0.0.1:9',
      RATE_LIMIT_PER_MINUTE: '0',
    }),
  );
  const { url } = await gateway.start();
  try {
    const made = await generate(file);
    const size = (await stat(file)).size;
    console.log(
      `file: ${MB(size)} MB, ${made.conversations} conversations, ${made.messages} messages to keep (load ${load()})`,
    );
    const u = userClient(h);
    await u.json('GET', '/api/conversations/settings'); // the user's row, as after sign-in
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const loadBefore = load();
    const t0 = performance.now();
    const phases: string[] = [];
    let last = 0;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      peak = Math.max(peak, rss);
      if (process.env.BENCH_IMPORT_TRACE && performance.now() - last > 2_000) {
        last = performance.now();
        phases.push(`${((last - t0) / 1000).toFixed(0)}s:${MB(rss - idle)}MB`);
      }
    }, 20);
    const { status, body } = await uploadFrom(`${url}${fileUploadPaths[0]}`, file, {
      cookie: u.cookie,
      origin: url,
      'content-type': 'application/json',
      'content-length': String(size),
    });
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (status !== 200) throw new Error(`import answered ${status}: ${body}`);
    const result = importResponseSchema.parse(JSON.parse(body));
    const timings = h.logs().find((l) => l.msg === 'import stored');
    if (process.env.BENCH_IMPORT_TRACE) console.log(phases.join(' '));
    console.log(
      `imported ${result.imported} conversations, ${result.messages} messages in ${seconds.toFixed(1)} s ` +
        `(${MB(size / seconds)} MB/s); peak RSS ${MB(peak - idle)} MB above idle (idle ${MB(idle)} MB); ` +
        `load before ${loadBefore}, after ${load()}; ${cpus().length} cores`,
    );
    console.log(
      `phases: upload received ${timings?.receiveMs} ms, file checked ${timings?.checkMs} ms, stored ${timings?.storeMs} ms`,
    );
    console.log(
      `goals: ≤ 60 s ${seconds <= 60 ? 'met' : 'MISSED'}, ≤ 200 MB above idle ${peak - idle <= 200 * 1_048_576 ? 'met' : 'MISSED'}`,
    );
  } catch (error) {
    console.error('import failed:', error);
    process.exitCode = 1;
  } finally {
    await gateway.stop();
    await h.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
