// bench:chat --start: `npm start` (dist/start.js, the embedded database, the in-process bus) under N
// concurrent users chatting through its gateway, the model a local fake OpenAI server answering at once.
// Each user creates a conversation, then sends, reads the streamed reply to the end, and sends again.
// Printed: time to first token p50/p95, the slowest request, replies/s, errors, the process's CPU (over
// 100 % means more than one core), resident memory idle, after the load and after a rest, with the load
// average beside each figure (the machine is shared: compare runs made together, not across days).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { startFakeOpenAi } from '../../services/chat/src/test/fake-openai-server';
import { cpuSeconds } from './proc-cpu';
import { treeRssMb } from './proc-tree';
import { pct, waitReady } from './wait-ready';
import { es256KeyPair } from '@noek/service-kit';

export interface StartRunOptions {
  root: string;
  users: number;
  seconds: number;
  port: number;
}

const REQUEST_TIMEOUT_MS = 30_000;
const REST_MS = 15_000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Figures {
  replies: number;
  errors: number;
  ttft: number[];
  slowestMs: number;
  create: number[];
  perSecond: number;
  /** Why requests failed (status or error name), counted. */
  failures: Map<string, number>;
}

async function drive(base: string, tokens: string[], seconds: number): Promise<Figures> {
  const f: Figures = {
    ...{ replies: 0, errors: 0, ttft: [], slowestMs: 0, create: [], perSecond: 0 },
    failures: new Map(),
  };
  const fail = (why: string) => {
    f.errors++;
    f.failures.set(why, (f.failures.get(why) ?? 0) + 1);
  };
  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    try {
      const value = await fn();
      return [value, performance.now() - t0];
    } finally {
      // Timed-out and failed requests count too.
      f.slowestMs = Math.max(f.slowestMs, performance.now() - t0);
    }
  };
  const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  // Every user's conversation first (timed, counted), then the timed window of chatting.
  const users = await Promise.all(
    tokens.map(async (token) => {
      const headers = { cookie: `noek_access=${token}`, origin: base, 'content-type': 'application/json' };
      try {
        const [res, ms] = await timed(() =>
          fetch(`${base}/api/conversations`, { method: 'POST', headers, body: '{}', signal: signal() }),
        );
        f.create.push(ms);
        if (res.status !== 201) return void fail(`create ${res.status}: ${(await res.text()).slice(0, 80)}`);
        return { headers, id: ((await res.json()) as { id: number }).id };
      } catch (error) {
        return void fail(`create: ${(error as Error).name}`);
      }
    }),
  );
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      if (!user) return;
      const { headers, id } = user;
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          const [ok] = await timed(async () => {
            const res = await fetch(`${base}/api/conversations/${id}/messages`, {
              method: 'POST',
              headers: { ...headers, accept: 'text/event-stream' },
              body: JSON.stringify({ content: 'benchmark message' }),
              signal: signal(),
            });
            if (!res.ok || !res.body) return `send ${res.status}: ${(await res.text()).slice(0, 80)}`;
            const decoder = new TextDecoder();
            let text = '';
            const reader = res.body.getReader();
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              if (text === '') f.ttft.push(performance.now() - t0);
              text += decoder.decode(value, { stream: true });
            }
            return text.includes('event: done') ? true : 'reply without its done event';
          });
          if (ok === true) f.replies++;
          else fail(ok);
        } catch (error) {
          fail(`send: ${(error as Error).name}`);
        }
      }
    }),
  );
  f.perSecond = f.replies / ((performance.now() - started) / 1000);
  f.ttft.sort((a, b) => a - b);
  f.create.sort((a, b) => a - b);
  return f;
}

/** One `npm start` under `users` users; answers the report's lines. */
export async function chatOnStart(o: StartRunOptions): Promise<string[]> {
  execFileSync(process.execPath, [join(o.root, 'scripts/build/build.mjs'), '--only=server bundles'], {
    stdio: 'ignore',
  });
  const { publicKey, privateKey } = es256KeyPair();
  const fake = await startFakeOpenAi(0, {
    chunks: ['Hello', ' from', ' the', ' fake', ' model.'],
    usage: { prompt: 40, completion: 5 },
  });
  // Kept between runs: a warm start (a first start creates and migrates the database, slowly on a busy machine).
  const dataDir = join(tmpdir(), 'noek-bench-chat-start');
  const log = join(tmpdir(), 'bench-chat-start.log');
  const base = `http://localhost:${o.port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/start.js'], {
    cwd: o.root,
    env: {
      ...process.env,
      MALLOC_MMAP_THRESHOLD_: '1048576',
      MALLOC_ARENA_MAX: '2',
      PORT: String(o.port),
      DATA_DIR: dataDir,
      AUTH_PRIVATE_KEY: privateKey,
      AUTH_PUBLIC_KEY: publicKey,
      OPENAI_API_KEY: 'bench',
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODEL: 'fake-model',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_BURST: '100000000',
      // Every simulated user connects from this one loopback address: the gateway's per-address cap (256)
      // would refuse the 257th connection at 300 users, which is the bench's artifact, not the product's.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    },
    stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
  });
  const stop = () => child.exitCode === null && child.kill('SIGTERM');
  process.on('exit', stop);
  try {
    await waitReady(`${base}/readyz`, 300_000);
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = { rss: treeRssMb(child.pid!), load: load() };
    // Admins: unlimited messages, so the plan's limit never interferes.
    const tokens = Array.from({ length: o.users }, () =>
      jwt.sign({ lvl: 'admin', typ: 'access', jti: randomUUID() }, privateKey, {
        algorithm: 'ES256',
        subject: randomUUID(),
        expiresIn: 3600,
      }),
    );
    await drive(base, tokens.slice(0, Math.min(20, o.users)), 2); // warm-up, not counted
    const cpuBefore = cpuSeconds(child.pid);
    const t0 = performance.now();
    const f = await drive(base, tokens, o.seconds);
    const cpuPct = ((cpuSeconds(child.pid) - cpuBefore) / ((performance.now() - t0) / 1000)) * 100;
    const loaded = { rss: treeRssMb(child.pid!), load: load() };
    await new Promise((r) => setTimeout(r, REST_MS));
    const rested = { rss: treeRssMb(child.pid!), load: load() };
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    return [
      `npm start, ${o.users} users for ${o.seconds} s:`,
      `  TTFT p50 ${ms(pct(f.ttft, 50))}, p95 ${ms(pct(f.ttft, 95))}; slowest request ${ms(f.slowestMs)}; create conversation p95 ${ms(pct(f.create, 95))}  (load ${loaded.load})`,
      `  ${f.perSecond.toFixed(1)} replies/s (${f.replies} replies, ${f.errors} errors); npm start's CPU ${cpuPct.toFixed(0)} % of one core`,
      ...[...f.failures].map(([why, n]) => `    ${n} × ${why}`),
      `  RSS idle ${mb(idle.rss)} (load ${idle.load}), after the load ${mb(loaded.rss)}, after ${REST_MS / 1000} s rest ${mb(rested.rss)} (load ${rested.load})`,
      `  goals at 300 users: TTFT p95 <= 300 ms ${pct(f.ttft, 95) <= 300 ? 'MET' : 'NOT MET'}, no request over 5 s ${f.slowestMs <= 5_000 ? 'MET' : 'NOT MET'}, no errors ${f.errors === 0 ? 'MET' : 'NOT MET'}, >= 99 replies/s ${f.perSecond >= 99 ? 'MET' : 'NOT MET'}, RSS within 50 MB of idle after rest ${rested.rss - idle.rss <= 50 ? 'MET' : 'NOT MET'}`,
    ];
  } catch (error) {
    throw new Error(`${String(error)}\n--- npm start's output:\n${readFileSync(log, 'utf8').slice(-4000)}`);
  } finally {
    stop();
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    await fake.close();
  }
}
