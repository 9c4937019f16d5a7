import { describe, expect, it } from 'vitest';
import { runChecks } from './health';
import { standardReadiness } from './standard-readiness';

const answering = { $queryRawUnsafe: async () => [{ '?column?': 1 }] };
const refusing = { $queryRawUnsafe: async () => Promise.reject(new Error('connection refused')) };

describe('standardReadiness', () => {
  it('passes when the database answers and the bus is connected', async () => {
    const results = await runChecks(standardReadiness(answering, { isHealthy: () => true }), 100);
    expect(results).toEqual([
      { name: 'database', up: true, required: true },
      { name: 'events', up: true, required: false },
    ]);
  });

  it('fails each check on its own cause: the database is required, the bus only degrades', async () => {
    const results = await runChecks(standardReadiness(refusing, { isHealthy: () => false }), 100);
    expect(results.map(({ name, up, required }) => ({ name, up, required }))).toEqual([
      { name: 'database', up: false, required: true },
      { name: 'events', up: false, required: false },
    ]);
    expect(String(results[0]!.reason)).toContain('connection refused');
    expect(String(results[1]!.reason)).toContain('event bus not connected');
  });

  it('tolerates a database stall of a few seconds once it has answered, then fails (hysteresis)', async () => {
    let state: 'answering' | 'stalled' | 'refusing' = 'answering';
    const db = {
      $queryRawUnsafe: () =>
        state === 'answering'
          ? Promise.resolve([])
          : state === 'stalled'
            ? new Promise<never>(() => undefined) // a stall: the ping never answers
            : Promise.reject(new Error('connection refused')),
    };
    let clock = 0;
    const checks = standardReadiness(db, undefined, {
      graceMs: 10_000,
      attemptTimeoutMs: 5,
      now: () => clock,
    });
    const databaseUp = async () => (await runChecks(checks, 1_000))[0]!.up;
    expect(await databaseUp()).toBe(true);
    state = 'stalled';
    expect(await databaseUp()).toBe(true); // a 3 s stall: every probe in it still passes
    clock = 3_000;
    expect(await databaseUp()).toBe(true);
    state = 'answering';
    clock = 3_500;
    expect(await databaseUp()).toBe(true);
    // A new failure starts its own grace; past it, the instance leaves rotation.
    state = 'refusing';
    clock = 20_000;
    expect(await databaseUp()).toBe(true);
    clock = 29_999;
    expect(await databaseUp()).toBe(true);
    clock = 30_000;
    expect(await databaseUp()).toBe(false);
    state = 'answering';
    expect(await databaseUp()).toBe(true);
  });

  it('gives no grace before the database first answered (start-up)', async () => {
    const checks = standardReadiness(refusing, undefined, { now: () => 0 });
    expect((await runChecks(checks, 1_000))[0]!.up).toBe(false);
  });

  it('has no events check without a bus', async () => {
    expect(Object.keys(standardReadiness(answering))).toEqual(['database']);
  });
});
