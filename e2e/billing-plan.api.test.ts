/**
 * The plan travels over real NATS in the multi-process mode: every service and the gateway as its own
 * process on real PostgreSQL and NATS (scripts/lib/launch.ts), payments against the local simulator.
 * Paying makes auth's level supernoek (billing.subscription.changed.v1) and chat's limit 10000 per 4 hours
 * (auth.user.updated.v1); the period ending returns both.
 */
import { createServer } from 'node:net';
import { recreateDatabase } from '@noek/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchProduct, type Launched } from '../scripts/lib/launch';
import { startMailCapture, type MailCapture } from './mail-capture';
import { decodeMail } from './support/accounts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

async function portsFree(ports: number[]): Promise<boolean> {
  for (const port of ports) {
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer().once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (!free) return false;
  }
  return true;
}

/** Five consecutive free ports: the gateway, then auth, chat, billing, admin. */
async function portBlock(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 9_000);
    if (await portsFree([base, base + 1, base + 2, base + 3, base + 4])) return base;
  }
}

async function freshDatabase(): Promise<string> {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `${url.pathname}_plan`;
  await recreateDatabase(url.toString());
  return url.toString();
}

let product: Launched;
let mail: MailCapture;
const logs: string[] = [];

beforeAll(async () => {
  mail = await startMailCapture();
  const base = await portBlock();
  product = await launchProduct({
    gatewayPort: base,
    servicePortBase: base + 1,
    output: 'pipe',
    log: (line) => logs.push(line),
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: await freshDatabase(),
      NATS_URL,
      SMTP_URL: mail.url,
      APP_ORIGIN: `http://localhost:${base}`,
      KEYS_DIR: '.data/billing-plan-test-keys',
      AUTH_RATE_LIMIT_SCALE: '50',
      STRIPE_SECRET_KEY: '',
      PAYMENT_SIMULATOR_URL: '',
    },
  }).catch((err: unknown) => {
    console.error(logs.slice(-40).join('\n'));
    throw err;
  });
}, 120_000);

afterAll(async () => {
  await product?.stop();
  await mail?.close();
});

/** A browser-like client of the gateway: keeps cookies, sends our own Origin. */
function client() {
  const jar = new Map<string, string>();
  return async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${product.gatewayUrl}${path}`, {
      method,
      headers: {
        origin: product.gatewayUrl,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

async function verifiedUser() {
  const call = client();
  const email = `plan-${Date.now()}@example.com`;
  const password = 'correct-horse-42';
  expect(
    (await call('POST', '/api/auth/signup', { name: 'Plan Tester', email, password })).status,
  ).toBeLessThan(300);
  let token: string | undefined;
  await expect
    .poll(() => {
      const m = mail
        .messages(email)
        .map((x) => decodeMail(x.raw).match(/verify-email\?token=([A-Za-z0-9_-]+)/));
      token = m.find(Boolean)?.[1];
      return token;
    })
    .toBeTruthy();
  expect((await call('GET', `/api/verify-email?token=${token}`)).status).toBe(200);
  expect((await call('POST', '/api/auth/login', { email, password })).status).toBe(200);
  return call;
}

type Me = { user: { accessLevel: string } };
type Settings = { usage: { limit: number | null; periodHours: number | null } };

describe('the plan over real NATS, services as separate processes', () => {
  it('pay → auth level supernoek → chat limit 10000 per 4 hours', async () => {
    expect(product.paymentSimulatorUrl).toBeDefined();
    const call = await verifiedUser();
    expect((await call<Settings>('GET', '/api/conversations/settings')).body.usage).toMatchObject({
      limit: 3000,
      periodHours: 24,
    });
    const sub = await call<{ clientSecret: string }>('POST', '/api/payment/subscribe');
    expect(sub.status).toBe(200);
    const paid = await call('POST', '/api/payment/test-card', {
      clientSecret: sub.body.clientSecret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(paid.body).toEqual({ status: 'succeeded' });
    // The simulator's webhook → billing → outbox → NATS → auth → NATS → chat.
    await expect
      .poll(async () => (await call<Me>('GET', '/api/auth/me')).body.user.accessLevel, { timeout: 20_000 })
      .toBe('supernoek');
    await expect
      .poll(async () => (await call<Settings>('GET', '/api/conversations/settings')).body.usage, {
        timeout: 20_000,
      })
      .toMatchObject({ limit: 10_000, periodHours: 4 });
    expect((await call('GET', '/api/subscription/status')).body).toMatchObject({
      isActive: true,
      plan: 'supernoek',
    });
  });
});
