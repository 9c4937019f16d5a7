/**
 * Issue 14 §2 (the dev mailbox) and §9 (Secure cookies, http origins): what each run mode refuses
 * at start-up, and who can read the mailbox, by the socket address. These start the product or auth
 * as real processes beside the journeys' product (its PostgreSQL and NATS).
 */
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { e2eEnv } from '../config';
import { freePort, runScript, tempDir, type Started } from './processes';

const running: Started[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
});

/** This machine's first address that is not loopback (another machine would reach us on it). */
function networkAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

async function start(script: string, env: Record<string, string>, ready: RegExp, timeoutMs?: number) {
  const p = await runScript(script, env, ready, timeoutMs);
  running.push(p);
  return p;
}

const SINGLE = 'scripts/start.ts';
const AUTH = 'services/auth/src/main.ts';
const singleEnv = async () => ({ PORT: String(await freePort()), DATA_DIR: tempDir('data') });
async function authEnv(extra: Record<string, string>) {
  const env = e2eEnv();
  return {
    PORT: String(await freePort()),
    DATABASE_URL: env.E2E_DATABASE_URL,
    NATS_URL: `nats://127.0.0.1:${env.E2E_NATS_PORT}`,
    KEYS_DIR: join(tempDir('keys')),
    ...extra,
  };
}
const LISTENING = /listening|Noek is running/;

describe('§2 the development mailbox', () => {
  it('npm start refuses a network bind while the mailbox is on, and says why', async () => {
    const p = await start(SINGLE, { ...(await singleEnv()), HOST: '0.0.0.0' }, LISTENING);
    expect(p.exitCode).not.toBe(0);
    expect(p.exitCode).not.toBeNull();
    expect(p.output()).toMatch(/dev mailbox[\s\S]*ALLOW_DEV_MAILBOX_ON_NETWORK/);
  });

  it.skipIf(!networkAddress())(
    'when allowed explicitly, the mailbox answers this machine only (by socket address), and the banner says so',
    async () => {
      const env = { ...(await singleEnv()), HOST: '0.0.0.0', ALLOW_DEV_MAILBOX_ON_NETWORK: 'true' };
      const p = await start(SINGLE, env, /Noek is running/, 90_000);
      expect(p.exitCode, p.output()).toBeNull();
      expect(p.output()).toMatch(/dev mailbox .*readable only from this machine/);
      const local = await fetch(`http://127.0.0.1:${env.PORT}/api/auth/dev/mailbox.json`);
      expect(local.status).toBe(200);
      const remote = await fetch(`http://${networkAddress()}:${env.PORT}/api/auth/dev/mailbox.json`, {
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.status).toBe(404);
    },
    120_000,
  );

  it('separate processes never serve it: auth refuses DEV_MAILBOX=true there', async () => {
    const p = await start(AUTH, await authEnv({ DEV_MAILBOX: 'true' }), LISTENING);
    expect(p.exitCode, p.output()).not.toBeNull();
    expect(p.exitCode).not.toBe(0);
    expect(p.output()).toMatch(/DEV_MAILBOX=true is refused/);
  });
});

describe('§9 cookies and origins', () => {
  it('separate processes refuse an http origin that is not loopback, unless explicitly allowed', async () => {
    const refused = await start(AUTH, await authEnv({ APP_ORIGIN: 'http://noek.example' }), LISTENING);
    expect(refused.exitCode, refused.output()).not.toBeNull();
    expect(refused.output()).toMatch(/ALLOW_INSECURE_ORIGIN/);
    const allowed = await start(
      AUTH,
      await authEnv({ APP_ORIGIN: 'http://noek.example', ALLOW_INSECURE_ORIGIN: 'true' }),
      LISTENING,
    );
    expect(allowed.exitCode, allowed.output()).toBeNull();
  });

  it('an https APP_ORIGIN makes every session cookie Secure, with no other setting', async () => {
    const env = await authEnv({ APP_ORIGIN: 'https://noek.example' });
    const p = await start(AUTH, env, LISTENING);
    expect(p.exitCode, p.output()).toBeNull();
    // The journeys' admin exists in this database (e2e/harness.ts).
    const res = await fetch(`http://127.0.0.1:${env.PORT}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@noek.localhost', password: 'admin-password-e2e' }),
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(1);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
  });
});
