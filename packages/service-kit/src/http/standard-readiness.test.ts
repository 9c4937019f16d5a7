import { describe, expect, it } from 'vitest';
import { standardReadiness } from './standard-readiness';

describe('standardReadiness', () => {
  it('passes when the database answers and the bus is connected', async () => {
    const checks = standardReadiness(
      { $queryRawUnsafe: async () => [{ '?column?': 1 }] },
      { isHealthy: () => true },
    );
    await expect(checks.database!()).resolves.toBeUndefined();
    await expect(checks.events!()).resolves.toBeUndefined();
  });

  it('fails each check on its own cause', async () => {
    const checks = standardReadiness(
      { $queryRawUnsafe: async () => Promise.reject(new Error('connection refused')) },
      { isHealthy: () => false },
    );
    await expect(checks.database!()).rejects.toThrow('connection refused');
    await expect(checks.events!()).rejects.toThrow('event bus not connected');
  });
});
