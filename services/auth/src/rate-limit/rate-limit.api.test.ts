import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openAuthDatabase } from '../database';
import type { PrismaClient } from '../generated/prisma/client';
import { TEST_DATABASE_URL } from '../test/auth-test-env';
import { createLoginThrottle, loginThrottleRules } from './login-throttle';
import { createRateLimiter } from './rate-limiter';
import { createRateWindowsRepository, type RateWindowsRepository } from './rate-windows.repository';

// The limiters' state is auth's database (every replica counts together): tested on the real one.
const schema = `auth_limits_${randomUUID().slice(0, 8)}`;
let db: PrismaClient;
let windows: RateWindowsRepository;
beforeAll(async () => {
  db = await openAuthDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema });
  windows = createRateWindowsRepository(db);
});
afterAll(async () => {
  await db.$disconnect();
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
});

const at = (ms: number) => new Date(Date.UTC(2026, 10, 24) + ms);

describe('rate limiter (fixed window, in the database)', () => {
  it('allows the limit per window, then answers the seconds to wait, then opens again', async () => {
    let t = 0;
    const l = createRateLimiter(`l-${randomUUID()}`, { limit: 2, windowMs: 10_000 }, windows, () => at(t));
    expect((await l.hit('a')).allowed).toBe(true);
    expect((await l.hit('a')).allowed).toBe(true);
    t = 4_000;
    expect(await l.hit('a')).toEqual({ allowed: false, retryAfterSec: 6 });
    expect((await l.hit('b')).allowed).toBe(true);
    t = 10_000;
    expect((await l.hit('a')).allowed).toBe(true);
  });

  it('counts every replica together: concurrent hits from two limiters on one key lose none', async () => {
    const name = `l-${randomUUID()}`;
    const otherDb = await openAuthDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema });
    const other = createRateWindowsRepository(otherDb);
    const replicas = [windows, other].map((w) => createRateLimiter(name, { limit: 10, windowMs: 60_000 }, w));
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => replicas[i % 2]!.hit('k')));
    await otherDb.$disconnect();
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });
});

describe('login throttle (per account, in the database)', () => {
  it('lets the first failures through, then makes each try wait a growing, bounded delay', async () => {
    let t = 0;
    const th = createLoginThrottle(windows, loginThrottleRules, () => at(t));
    const account = `${randomUUID()}@x`;
    for (let i = 0; i < 20; i++) {
      expect((await th.check(account)).allowed).toBe(true);
      await th.failed(account);
    }
    expect(await th.check(account)).toEqual({ allowed: false, retryAfterSec: 1 });
    t += 1_000;
    expect((await th.check(account)).allowed).toBe(true);
    await th.failed(account);
    expect(await th.check(account)).toEqual({ allowed: false, retryAfterSec: 2 });
    for (let i = 0; i < 20; i++) await th.failed(account);
    expect(await th.check(account)).toEqual({ allowed: false, retryAfterSec: 60 });
    t += 60_000;
    expect((await th.check(account)).allowed).toBe(true);
    expect((await th.check(`other-${account}`)).allowed).toBe(true);
  });

  it('alerts the owner once at the threshold, even with replicas racing, and a success clears the count', async () => {
    let t = 0;
    const th = createLoginThrottle(windows, loginThrottleRules, () => at(t));
    const account = `${randomUUID()}@x`;
    for (let i = 0; i < 19; i++) await th.failed(account);
    const racing = await Promise.all(Array.from({ length: 6 }, () => th.failed(account)));
    expect(racing.filter((r) => r.alert)).toHaveLength(1);
    await th.succeeded(account);
    expect((await th.check(account)).allowed).toBe(true);
    t += 2 * 3_600_000;
    expect((await th.failed(account)).failures).toBe(1);
  });
});
