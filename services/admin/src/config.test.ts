import { describe, expect, it } from 'vitest';
import { loadAdminConfig } from './config';

const env = { DATABASE_URL: 'postgresql://localhost/noek', KEYS_DIR: '/keys' };
const problem = (over: Record<string, string>) => {
  try {
    loadAdminConfig({ ...env, ...over });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('admin configuration', () => {
  it('defaults: auth and chat on loopback, 8 s per attempt, 25 s per action (below the gateway 30 s)', () => {
    expect(loadAdminConfig(env)).toMatchObject({
      PORT: 4004,
      AUTH_URL: 'http://127.0.0.1:4001',
      CHAT_URL: 'http://127.0.0.1:4002',
      DOWNSTREAM_TIMEOUT_MS: 8_000,
      ACTION_BUDGET_MS: 25_000,
    });
  });

  it('needs both keys (verify tokens, sign service tokens) or the folder holding them', () => {
    expect(problem({ KEYS_DIR: '' })).toMatch(/AUTH_PRIVATE_KEY/);
    expect(() => loadAdminConfig({ DATABASE_URL: env.DATABASE_URL, AUTH_PRIVATE_KEY: 'not a pem' })).toThrow(
      /AUTH_PRIVATE_KEY/,
    );
  });

  it('refuses timeouts out of range and addresses that are not URLs', () => {
    expect(problem({ DOWNSTREAM_TIMEOUT_MS: '50' })).toMatch(/DOWNSTREAM_TIMEOUT_MS/);
    expect(problem({ ACTION_BUDGET_MS: '999999' })).toMatch(/ACTION_BUDGET_MS/);
    expect(problem({ AUTH_URL: 'auth:4001' })).toMatch(/AUTH_URL/);
    expect(problem({ DOWNSTREAM_TIMEOUT_MS: '2000', ACTION_BUDGET_MS: '5000' })).toBeNull();
  });
});
