// npm run test:compose: builds the images, brings the whole stack up with docker compose, runs the
// sign-up -> verify -> chat journey in headless Chromium against it, and tears it down (volumes included).
// The test reaches the stack only through the gateway's port, published on 127.0.0.1; auth's mail goes to an
// SMTP capture server on the Docker host's bridge address (deploy/compose/compose.test.yml).
// Exit codes: 0 passed, 1 failed, 3 skipped (Docker cannot run here; the reason is printed).
// Env: COMPOSE_TEST_OFFICIAL_IMAGES=1 builds on the official base images (a machine with Docker Hub);
// COMPOSE_TEST_KEEP=1 leaves the stack up after the run; COMPOSE_TEST_TIMEOUT_S (900) bounds build + start.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@noek/service-kit';
import { dockerProblem, composeCommand, run, bridgeAddress } from './docker';
import { startMailCapture } from '../../e2e/mail-capture';
import { runJourney } from './journey';
import { composeSettings } from './env-file';

const root = fileURLToPath(new URL('../..', import.meta.url));
const project = `noektest${randomBytes(3).toString('hex')}`;
const timeoutMs = Number(process.env.COMPOSE_TEST_TIMEOUT_S ?? 900) * 1000;
const started = performance.now();
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

const problem = await dockerProblem();
if (problem) {
  console.log(`test:compose skipped: ${problem}`);
  process.exit(3);
}
const compose = await composeCommand();

/** Local base images (no Docker Hub here), made once and kept: their variables for the compose file. */
async function baseImageEnv(): Promise<Record<string, string>> {
  if (process.env.COMPOSE_TEST_OFFICIAL_IMAGES === '1') return {};
  const t0 = performance.now();
  await run('bash', [join(root, 'deploy/docker/make-base-images.sh')], { quiet: true });
  console.log(`base images ready (${seconds(t0)} s)`);
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(root, 'deploy/docker/local-images.env'), 'utf8').split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1]!] = m[2]!;
  }
  return env;
}

const images = await baseImageEnv();
const mail = await startMailCapture(await bridgeAddress());
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// As a fresh clone: no .env and no secret given; secrets-init makes them on the first start.
if (existsSync(join(root, '.env')))
  throw new Error('the compose test starts from no .env: move .env away first');
const settings = composeSettings({ port, baseUrl, smtpUrl: `smtp://host.docker.internal:${mail.port}` });
const composeArgs = [
  '-p',
  project,
  '-f',
  join(root, 'docker-compose.yml'),
  '-f',
  join(root, 'deploy/compose/compose.test.yml'),
];
const env = { ...process.env, ...images, ...settings };
const dc = (args: string[], quiet = false) =>
  run(compose[0]!, [...compose.slice(1), ...composeArgs, ...args], { env, quiet, cwd: root, timeoutMs });

async function waitReady(url: string, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      // Bounded: Docker's port proxy accepts connections before the app listens, and may then hold them.
      if ((await fetch(url, { signal: AbortSignal.timeout(3_000) })).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

let failed = false;
const timings: string[] = [];
try {
  let t0 = performance.now();
  await dc(['build'], true);
  timings.push(`build ${seconds(t0)} s`);
  t0 = performance.now();
  // --wait is compose v2 only: the readiness wait below works with both.
  await dc(['up', '-d']);
  await waitReady(`${baseUrl}/readyz`, 180_000);
  timings.push(`up until ready ${seconds(t0)} s`);
  t0 = performance.now();
  await runJourney({ baseUrl, mail });
  timings.push(`journey ${seconds(t0)} s`);
  console.log('test:compose journey passed: sign up, verify by mail, sign in, chat with a streamed reply');
} catch (err) {
  failed = true;
  console.error(`test:compose FAILED: ${(err as Error).message}`);
  await dc(['ps'], false).catch(() => undefined);
  await dc(['logs', '--tail', '60'], false).catch(() => undefined);
} finally {
  if (process.env.COMPOSE_TEST_KEEP !== '1') {
    const t0 = performance.now();
    await dc(['down', '-v', '--remove-orphans', '-t', '15'], true).catch((e: Error) =>
      console.error(e.message),
    );
    timings.push(`down ${seconds(t0)} s`);
  } else console.log(`left up: ${compose.join(' ')} ${composeArgs.join(' ')} down -v`);
  await mail.close();
}
console.log(`test:compose ${failed ? 'failed' : 'passed'} in ${seconds(started)} s (${timings.join(', ')})`);
process.exit(failed ? 1 : 0);
