// npm run bench:export: exports (issue 28) in both storage modes (real PostgreSQL and the embedded PGlite
// of `npm start`). One user holds a 2,000-message conversation (one path, each message a reply to the one
// before) and BENCH_EXPORT_CONVERSATIONS more conversations of BENCH_EXPORT_MESSAGES_PER messages (~1 KB of
// text each). The chat service runs in this process on a loopback port; the bench times
// GET /api/conversations/:id/export as JSON and as Markdown (goal: <= 1 s each), then downloads the account
// zip (GET /api/conversations/export) reading it as it streams, and prints its rate (goal: >= 20 MB/s)
// with this process's resident memory sampled over the download (goal: flat).
// Env: BENCH_EXPORT_MODES (postgres,pglite), BENCH_EXPORT_CONVERSATIONS (500), BENCH_EXPORT_MESSAGES_PER
// (100), BENCH_EXPORT_ROUNDS (5), BENCH_DATABASE_URL.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { cpus, loadavg } from 'node:os';
import { createMemoryPglite, migrateDatabase, type DatabaseTarget } from '@noek/db';
import { chatMigrationsDir, createChatDb, type ChatDb } from '../services/chat/src/database';
import {
  chatCpuSeconds,
  recreateDatabase,
  startInProcessChat,
  type InProcessChat,
} from './lib/in-process-chat';

const modes = (process.env.BENCH_EXPORT_MODES ?? 'postgres,pglite').split(',').map((m) => m.trim());
const conversations = Number(process.env.BENCH_EXPORT_CONVERSATIONS ?? 500);
const perConversation = Number(process.env.BENCH_EXPORT_MESSAGES_PER ?? 100);
const rounds = Number(process.env.BENCH_EXPORT_ROUNDS ?? 5);
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/noek_bench_export';
const LONG = 2_000;

// ~1 KB of text: 150 random 6-letter words (compresses about as well as prose).
const TEXT_SQL = `(SELECT string_agg(substr(md5(random()::text || w::text || g::text), 1, 6), ' ')
                   FROM generate_series(1, 150) w)`;

/** The 2,000-message conversation: ids taken in order, each message's parent the one before it. */
async function seed(db: ChatDb, userId: string): Promise<number> {
  const [long] = await db.$queryRawUnsafe<{ id: number }[]>(
    `INSERT INTO conversations ("userId", title, "updatedAt") VALUES ($1::uuid, 'Long one', now()) RETURNING id`,
    userId,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO messages (id, "conversationId", "parentId", role, content, "updatedAt")
     SELECT id, $1::int, lag(id) OVER (ORDER BY g),
            (CASE WHEN g % 2 = 0 THEN 'assistant' ELSE 'user' END)::"MessageRole", ${TEXT_SQL}, now()
     FROM (SELECT g, nextval(pg_get_serial_sequence('messages', 'id'))::int AS id
           FROM generate_series(1, $2::int) g) x`,
    long!.id,
    LONG,
  );
  const batch = 50;
  for (let done = 0; done < conversations; done += batch) {
    await db.$executeRawUnsafe(
      `WITH c AS (
         INSERT INTO conversations ("userId", title, "updatedAt")
         SELECT $1::uuid, 'Chat ' || k, now() FROM generate_series(1, $2::int) k RETURNING id)
       INSERT INTO messages ("conversationId", role, content, "updatedAt")
       SELECT c.id, (CASE WHEN g % 2 = 0 THEN 'assistant' ELSE 'user' END)::"MessageRole", ${TEXT_SQL}, now()
       FROM c, generate_series(1, $3::int) g`,
      userId,
      Math.min(batch, conversations - done),
      perConversation,
    );
    process.stdout.write(
      `\r  seeded ${Math.min(done + batch, conversations)}/${conversations} conversations`,
    );
  }
  process.stdout.write('\n');
  return long!.id;
}

const mb = (bytes: number) => bytes / 1_048_576;
const rssMb = () => mb(process.memoryUsage().rss);

async function timeConversationExport(
  mode: string,
  db: ChatDb,
  chat: InProcessChat,
  id: number,
  format: string,
): Promise<void> {
  const times: number[] = [];
  let bytes = 0;
  let cpuStart = 0;
  for (let i = 0; i < rounds + 1; i++) {
    if (i === 1) cpuStart = await chatCpuSeconds(mode, db);
    const start = performance.now();
    const res = await fetch(`${chat.url}/api/conversations/${id}/export?format=${format}`, {
      headers: chat.headers,
    });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${format}: ${res.status}`);
    bytes = body.byteLength;
    if (i > 0) times.push(performance.now() - start);
  }
  const cpuMs = (((await chatCpuSeconds(mode, db)) - cpuStart) / rounds) * 1000;
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  console.log(
    `  ${LONG}-message conversation as ${format.padEnd(8)} ${mb(bytes).toFixed(1).padStart(5)} MB  ` +
      `p50 ${p50.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (goal <= 1000 ms), CPU ${cpuMs.toFixed(0)} ms  load ${loadavg()[0]!.toFixed(1)}`,
  );
}

/**
 * GETs `url` in a child process (node:http), reading the body as it streams and throwing it away; tells
 * `progress` the bytes read so far (for the memory samples) and answers the total.
 */
async function downloadFrom(
  url: string,
  headers: Record<string, string>,
  progress: (bytes: number) => void,
): Promise<number> {
  const script = `
    const [url, headers] = process.argv.slice(1);
    require('node:http').get(url, { headers: JSON.parse(headers) }, (res) => {
      if (res.statusCode !== 200) { console.error('account export: ' + res.statusCode); process.exit(1); }
      let bytes = 0;
      const tell = setInterval(() => process.stdout.write(bytes + '\\n'), 100);
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => { clearInterval(tell); process.stdout.write('done ' + bytes + '\\n'); });
    });`;
  const child = spawn(process.execPath, ['-e', script, url, JSON.stringify(headers)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let total = -1;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('done ')) total = Number(line.slice(5));
    else progress(Number(line));
  });
  const [code] = (await once(child, 'close')) as [number];
  if (code !== 0 || total < 0) throw new Error(`the download process exited with ${code}`);
  return total;
}

async function timeAccountExport(mode: string, db: ChatDb, chat: InProcessChat): Promise<void> {
  const [text] = await db.$queryRawUnsafe<{ n: bigint }[]>(
    'SELECT sum(octet_length(content)) AS n FROM messages',
  );
  global.gc?.();
  const idle = rssMb();
  const samples: { at: number; bytes: number; rss: number }[] = [];
  let bytes = 0;
  const cpuStart = await chatCpuSeconds(mode, db);
  const start = performance.now();
  const sampler = setInterval(
    () => samples.push({ at: performance.now() - start, bytes, rss: rssMb() }),
    250,
  );
  // A child process downloads, as a browser would: the client's reading is not the service's work.
  const download = downloadFrom(`${chat.url}/api/conversations/export`, chat.headers, (n) => (bytes = n));
  bytes = await download;
  const seconds = (performance.now() - start) / 1000;
  const cpu = (await chatCpuSeconds(mode, db)) - cpuStart;
  clearInterval(sampler);
  const rss = samples.map((s) => s.rss);
  console.log(
    `  account zip: ${mb(bytes).toFixed(1)} MB (${mb(Number(text!.n)).toFixed(1)} MB of message text) in ` +
      `${seconds.toFixed(1)} s: ${(mb(bytes) / seconds).toFixed(1)} MB/s zipped, ` +
      `${(mb(Number(text!.n)) / seconds).toFixed(1)} MB/s of text (goal >= 20 MB/s); CPU ${cpu.toFixed(1)} s: ${(mb(bytes) / cpu).toFixed(1)} MB zipped per CPU second  load ${loadavg()[0]!.toFixed(1)}`,
  );
  const step = Math.max(1, Math.floor(samples.length / 8));
  console.log(
    `  RSS (MB) before ${idle.toFixed(0)}, over the download ` +
      samples
        .filter((_, i) => i % step === 0)
        .map((s) => `${(s.at / 1000).toFixed(1)}s:${s.rss.toFixed(0)}`)
        .join(' ') +
      `, min ${Math.min(...rss).toFixed(0)} max ${Math.max(...rss).toFixed(0)}, after ${rssMb().toFixed(0)}`,
  );
}

async function runMode(mode: string): Promise<void> {
  let target: DatabaseTarget;
  if (mode === 'postgres') {
    await recreateDatabase(dbUrl);
    target = { kind: 'postgres', url: dbUrl, schema: 'chat' };
  } else {
    target = { kind: 'pglite', pglite: await createMemoryPglite(), schema: 'chat' };
  }
  await migrateDatabase({ target, migrationsDir: chatMigrationsDir });
  const db = createChatDb(target);
  const userId = randomUUID();
  console.log(`\n${mode}: seeding ${LONG} + ${conversations} x ${perConversation} messages`);
  const longId = await seed(db, userId);
  const chat = await startInProcessChat(db, userId);
  await timeConversationExport(mode, db, chat, longId, 'json');
  await timeConversationExport(mode, db, chat, longId, 'markdown');
  await timeAccountExport(mode, db, chat);
  await chat.stop();
  await db.$disconnect();
  if (target.kind === 'pglite') await target.pglite.close();
}

console.log(
  `bench:export  machine: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const mode of modes) await runMode(mode);
