// npm run bench:search: full-text search at 10,000 conversations and 500,000 messages for one
// user, with 1,000 other users in the same tables, in both storage modes: real PostgreSQL and the embedded
// PGlite of `npm start`. Each mode migrates a fresh chat schema, seeds it by SQL, starts the chat service
// in this process on a loopback port and times GET /api/conversations/search over HTTP with the user's
// access token (the gateway in front adds its own relay cost, measured by bench:gateway).
// Seeding: message text is drawn from a 4,000-word vocabulary with a skewed (Zipf-like) frequency so a
// query can hit a very common word, a rare one, or nothing; the generated tsvector columns and GIN indexes
// are filled as a send would fill them.
// Env: BENCH_SEARCH_MODES (postgres,pglite), BENCH_SEARCH_CONVERSATIONS (10000), BENCH_SEARCH_MESSAGES_PER
// (50), BENCH_SEARCH_OTHER_USERS (1000), BENCH_SEARCH_ROUNDS (30), BENCH_DATABASE_URL, BENCH_SEARCH_REUSE
// (1: postgres mode keeps the database a previous run seeded, migrating it to the current schema),
// BENCH_SEARCH_SEND_ROUNDS (6; 0 skips the send path's CPU with and without indexing), BENCH_SEARCH_SENDS (40).
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { analyzeStaleTables, createMemoryPglite, migrateDatabase, type DatabaseTarget } from '@noek/db';
import { chatMigrationsDir, createChatDb, type ChatDb, type ChatTx } from '../services/chat/src/database';
import { Prisma } from '../services/chat/src/generated/prisma/client';
import { toPrefixTsquery } from '../services/chat/src/features/search/prefix-tsquery';
import { createSearchRepository } from '../services/chat/src/features/search/search.repository';
import {
  chatCpuSeconds,
  recreateDatabase,
  startInProcessChat,
  type InProcessChat,
} from './lib/in-process-chat';

const modes = (process.env.BENCH_SEARCH_MODES ?? 'postgres,pglite').split(',').map((m) => m.trim());
const conversations = Number(process.env.BENCH_SEARCH_CONVERSATIONS ?? 10_000);
const perConversation = Number(process.env.BENCH_SEARCH_MESSAGES_PER ?? 50);
const otherUsers = Number(process.env.BENCH_SEARCH_OTHER_USERS ?? 1_000);
const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 30);
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/noek_bench_search';
const reuse = process.env.BENCH_SEARCH_REUSE === '1';
const sendRounds = Number(process.env.BENCH_SEARCH_SEND_ROUNDS ?? 6);
const sendsPerRound = Number(process.env.BENCH_SEARCH_SENDS ?? 40);
const SCHEMA = 'chat';

/** Pronounceable made-up words (any language's words behave alike under the `simple` configuration). */
function vocabulary(n: number): string[] {
  const c = 'bdfgklmnprstvz';
  const v = 'aeiou';
  const words = new Set<string>();
  for (let i = 0; words.size < n; i++) {
    let w = '';
    for (let x = i, k = 0; k < 2 + (i % 3); k++, x = Math.floor(x / 70))
      w += c[x % 14]! + v[Math.floor(x / 14) % 5]!;
    words.add(w);
  }
  return [...words];
}
const vocab = vocabulary(4_000);

// One message's text: 8 to 40 words, word i drawn with probability falling as a power of its rank.
const MESSAGE_SQL = (
  g: string,
) => `(SELECT string_agg(($1::text[])[1 + floor(power(random(), 3) * ${vocab.length})::int], ' ')
   FROM generate_series(1, 8 + (random() * 32)::int + 0 * ${g}))`;

async function seed(db: ChatDb, userId: string): Promise<void> {
  const batch = 500;
  for (let done = 0; done < conversations; done += batch) {
    const n = Math.min(batch, conversations - done);
    await db.$executeRawUnsafe(
      `WITH c AS (
         INSERT INTO conversations ("userId", title, "updatedAt", "archivedAt")
         SELECT $2::uuid, ${MESSAGE_SQL('g').replace('8 + (random() * 32)', '1 + (random() * 4)')}, now() - g * interval '1 minute',
                CASE WHEN g % 10 = 0 THEN now() ELSE NULL END
         FROM generate_series(1, $3::int) g RETURNING id)
       INSERT INTO messages ("conversationId", role, content, "updatedAt")
       SELECT c.id, (CASE WHEN m % 2 = 0 THEN 'assistant' ELSE 'user' END)::"MessageRole", ${MESSAGE_SQL('m')}, now()
       FROM c, generate_series(1, $4::int) m`,
      vocab,
      userId,
      n,
      perConversation,
    );
    process.stdout.write(`\r  seeded ${done + n}/${conversations} conversations`);
  }
  // Other users: 10 conversations of 5 messages each, the same vocabulary (their matches must be skipped).
  await db.$executeRawUnsafe(
    `WITH u AS (SELECT gen_random_uuid() AS id FROM generate_series(1, $2::int)),
     c AS (INSERT INTO conversations ("userId", title, "updatedAt")
           SELECT u.id, 'Chat ' || k, now() FROM u, generate_series(1, 10) k RETURNING id)
     INSERT INTO messages ("conversationId", role, content, "updatedAt")
     SELECT c.id, 'user', ${MESSAGE_SQL('m')}, now() FROM c, generate_series(1, 5) m`,
    vocab,
    otherUsers,
  );
  process.stdout.write('\n');
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The send path's CPU with and without search indexing: sends to one conversation (the offline model
 * answers at once), rounds alternating the message_search trigger on and off; CPU per send is this
 * process's (service, client and, in pglite mode, the database) plus the server's backends in postgres mode.
 */
async function sendPathCpu(mode: string, db: ChatDb, chat: InProcessChat): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${chat.url}${path}`, {
      method: 'POST',
      headers: { ...chat.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
    });
  const { id } = (await (await post('/api/conversations', {})).json()) as { id: number };
  const send = async (i: number) => {
    const res = await post(`/api/conversations/${id}/messages`, {
      content: `${vocab[i % 50]} ${vocab[i % 700]} again`,
    });
    if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
    await res.text();
  };
  for (let i = 0; i < 10; i++) await send(i);
  const perSend: Record<'on' | 'off', number[]> = { on: [], off: [] };
  for (let r = 0; r < sendRounds; r++) {
    for (const state of r % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      await db.$executeRawUnsafe(
        `ALTER TABLE messages ${state === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER message_search_sync`,
      );
      const before = await chatCpuSeconds(mode, db);
      for (let i = 0; i < sendsPerRound; i++) await send(i);
      perSend[state].push(((await chatCpuSeconds(mode, db)) - before) / sendsPerRound);
    }
  }
  await db.$executeRawUnsafe('ALTER TABLE messages ENABLE TRIGGER message_search_sync');
  const on = median(perSend.on);
  const off = median(perSend.off);
  console.log(
    `  send path CPU per send (median of ${sendRounds} rounds x ${sendsPerRound}): indexing on ${(on * 1000).toFixed(2)} ms, ` +
      `off ${(off * 1000).toFixed(2)} ms: +${(((on - off) / off) * 100).toFixed(1)} % (target <= 10 %), load ${loadNow()}`,
  );
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const seqScans = (n: PlanNode): string[] => [
  ...(n['Node Type'] === 'Seq Scan' ? [n['Relation Name'] ?? '?'] : []),
  ...(n.Plans ?? []).flatMap(seqScans),
];

/**
 * The search's own SQL (search.repository.ts) under EXPLAIN (ANALYZE): the database-side time, less
 * sensitive to the machine's load than the HTTP round trip, and the tables it scans whole.
 */
async function explainSearch(db: ChatDb, userId: string, q: string, archived: boolean): Promise<string> {
  const tsquery = toPrefixTsquery(q);
  if (tsquery === null) return '(no query: not sent to the database)';
  const explaining = {
    $queryRaw: (strings: TemplateStringsArray, ...values: unknown[]) =>
      db.$queryRaw(
        Prisma.sql([`EXPLAIN (ANALYZE, FORMAT JSON) ${strings[0]}`, ...strings.slice(1)], ...values),
      ),
  } as unknown as ChatTx;
  const repo = createSearchRepository(explaining);
  const ms: number[] = [];
  let scans: string[] = [];
  for (let i = 0; i < 5; i++) {
    const rows = (await repo.search(userId, tsquery, { archived, limit: 20 })) as unknown as {
      'QUERY PLAN': { 'Execution Time': number; 'Planning Time': number; Plan: PlanNode }[];
    }[];
    const [explained] = rows[0]!['QUERY PLAN'];
    ms.push(explained!['Execution Time'] + explained!['Planning Time']);
    scans = seqScans(explained!.Plan);
  }
  return `${median(ms).toFixed(1)} ms${scans.length ? `, seq scan on ${[...new Set(scans)].join(', ')}` : ''}`;
}

async function runMode(mode: string): Promise<void> {
  let target: DatabaseTarget;
  if (mode === 'postgres') {
    if (!reuse) await recreateDatabase(dbUrl);
    target = { kind: 'postgres', url: dbUrl, schema: SCHEMA };
  } else {
    target = { kind: 'pglite', pglite: await createMemoryPglite(), schema: SCHEMA };
  }
  await migrateDatabase({ target, migrationsDir: chatMigrationsDir });
  const db = createChatDb(target);
  const seeded = reuse
    ? await db.$queryRawUnsafe<{ userId: string }[]>(
        'SELECT "userId"::text AS "userId" FROM conversations GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      )
    : [];
  const userId = seeded[0]?.userId ?? randomUUID();
  const t0 = performance.now();
  if (seeded.length > 0) console.log(`\n${mode}: reusing the seeded database`);
  else {
    console.log(
      `\n${mode}: seeding ${conversations} conversations x ${perConversation} messages + ${otherUsers} users`,
    );
    await seed(db, userId);
  }
  // PostgreSQL's autovacuum analyzes the tables soon after such a load; on the embedded PGlite (no
  // autovacuum) the product's keepAnalyzed (@noek/db) does, within EMBEDDED_ANALYZE_INTERVAL_MS: its pass
  // is run here once. BENCH_SEARCH_NO_ANALYZE=1 leaves PGlite without statistics (as before it).
  if (mode === 'postgres')
    for (const table of ['conversations', 'messages', 'message_search'])
      await db.$executeRawUnsafe(`ANALYZE ${table}`);
  else if (process.env.BENCH_SEARCH_NO_ANALYZE !== '1' && target.kind === 'pglite') {
    const a0 = performance.now();
    const analyzed = await analyzeStaleTables(target.pglite);
    console.log(
      `  embedded ANALYZE of ${analyzed.length} stale tables in ${(performance.now() - a0).toFixed(0)} ms`,
    );
  }
  const counts = await db.$queryRawUnsafe<{ n: bigint }[]>('SELECT count(*) AS n FROM messages');
  console.log(`  ${counts[0]!.n} messages in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const chat = await startInProcessChat(db, userId);
  const { headers } = chat;
  const queries: Record<string, string> = {
    'most common word': vocab[0]!,
    'common 3-letter prefix': vocab[1]!.slice(0, 3),
    'mid-frequency word': vocab[400]!,
    'rare word': vocab[3_900]!,
    'two words': `${vocab[5]} ${vocab[60]}`,
    'no match': 'zzqx',
    'operators only': '&|!()',
    'archived included': `${vocab[30]}&archived=true`,
  };
  const all: number[] = [];
  const allCpu: number[] = [];
  console.log(
    `  ${'query'.padEnd(24)} ${'results'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'CPU ms'.padStart(7)} database (EXPLAIN ANALYZE: median of 5 execution ms, sequential scans)`,
  );
  for (const [label, q] of Object.entries(queries)) {
    const [text, extra] = q.split('&archived=');
    const url = `${chat.url}/api/conversations/search?q=${encodeURIComponent(text!)}${extra ? `&archived=${extra}` : ''}`;
    const times: number[] = [];
    let results = 0;
    let cpuStart = 0;
    for (let i = 0; i < rounds + 3; i++) {
      if (i === 3) cpuStart = await chatCpuSeconds(mode, db);
      const start = performance.now();
      const res = await fetch(url, { headers });
      const body = (await res.json()) as unknown[];
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
      results = body.length;
      if (i >= 3) times.push(performance.now() - start);
    }
    const cpuMs = (((await chatCpuSeconds(mode, db)) - cpuStart) / rounds) * 1000;
    times.sort((a, b) => a - b);
    all.push(...times);
    allCpu.push(cpuMs);
    const plan = await explainSearch(db, userId, text!, extra === 'true');
    console.log(
      `  ${label.padEnd(24)} ${String(results).padStart(7)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 95).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)} ${cpuMs.toFixed(1).padStart(7)} ${plan}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `  ${mode}: all queries p50 ${pct(all, 50).toFixed(1)} ms, p95 ${pct(all, 95).toFixed(1)} ms (target p95 <= 50 ms), CPU per query ${Math.min(...allCpu).toFixed(1)}-${Math.max(...allCpu).toFixed(1)} ms, load ${loadNow()}`,
  );
  if (sendRounds > 0) await sendPathCpu(mode, db, chat);
  await chat.stop();
  await db.$disconnect();
  if (target.kind === 'pglite') await target.pglite.close();
}

async function main(): Promise<void> {
  console.log(
    `bench:search  machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const mode of modes) await runMode(mode);
}

await main();
