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

  it('has no events check without a bus', async () => {
    expect(Object.keys(standardReadiness(answering))).toEqual(['database']);
  });
});
