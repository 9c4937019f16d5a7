import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, commonServiceEnv, loadConfig, portEnv } from './config';

const schema = z.object({ ...commonServiceEnv, PORT: portEnv(4001), API_KEY: z.string().min(10) });

describe('loadConfig', () => {
  it('parses and applies defaults', () => {
    const cfg = loadConfig(schema, { DATABASE_URL: 'postgres://u@h/db', API_KEY: '0123456789' });
    expect(cfg).toMatchObject({ PORT: 4001, HOST: '127.0.0.1', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: 10_000 });
    expect(cfg.NATS_URL).toBe('nats://127.0.0.1:4222');
  });

  it('coerces numbers and treats empty strings as unset', () => {
    const cfg = loadConfig(schema, { DATABASE_URL: 'postgresql://x/y', API_KEY: '0123456789', PORT: '8081', LOG_LEVEL: '' });
    expect(cfg.PORT).toBe(8081);
    expect(cfg.LOG_LEVEL).toBe('info');
  });

  it('names every missing and bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', LOG_LEVEL: 'loud', NATS_URL: 'http://x', API_KEY: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'NATS_URL', 'API_KEY', 'DATABASE_URL']) expect(message).toContain(name);
    expect(message).toMatch(/DATABASE_URL: is required but not set/);
    expect((error as ConfigError).problems).toHaveLength(5);
  });

  it('rejects out-of-range ports', () => {
    expect(() => loadConfig(schema, { DATABASE_URL: 'postgres://h/d', API_KEY: '0123456789', PORT: '70000' })).toThrow(/PORT/);
  });
});
