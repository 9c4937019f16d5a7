import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConfigError, commonServiceEnv, loadConfig, loadConfigOrExit, pemEnv, portEnv } from './config';

const schema = z.object({ ...commonServiceEnv, PORT: portEnv(4001), API_KEY: z.string().min(10) });

describe('loadConfig', () => {
  it('parses and applies defaults', () => {
    const cfg = loadConfig(schema, { DATABASE_URL: 'postgres://u@h/db', API_KEY: '0123456789' });
    expect(cfg).toMatchObject({
      PORT: 4001,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: 10_000,
    });
    expect(cfg.NATS_URL).toBe('nats://127.0.0.1:4222');
  });

  it('coerces numbers and treats empty strings as unset', () => {
    const cfg = loadConfig(schema, {
      DATABASE_URL: 'postgresql://x/y',
      API_KEY: '0123456789',
      PORT: '8081',
      LOG_LEVEL: '',
    });
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
    for (const name of ['PORT', 'LOG_LEVEL', 'NATS_URL', 'API_KEY', 'DATABASE_URL'])
      expect(message).toContain(name);
    expect(message).toMatch(/DATABASE_URL: is required but not set/);
    expect((error as ConfigError).problems).toHaveLength(5);
  });

  it('rejects out-of-range ports', () => {
    expect(() =>
      loadConfig(schema, { DATABASE_URL: 'postgres://h/d', API_KEY: '0123456789', PORT: '70000' }),
    ).toThrow(/PORT/);
  });
});

describe('loadConfigOrExit', () => {
  it('ends the process with exit 1 and one message naming the bad variables', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const schema = z.object({ DATABASE_URL: z.string(), PORT: z.coerce.number() });
    expect(() => loadConfigOrExit('svc', () => loadConfig(schema, { PORT: 'abc' }))).toThrow('exit 1');
    expect(printed.mock.calls[0]?.[0]).toMatch(
      /^svc cannot start\. Invalid configuration:[\s\S]*DATABASE_URL[\s\S]*PORT/,
    );
    exit.mockRestore();
    printed.mockRestore();
  });

  it('returns the config when the environment is good and lets other errors through', () => {
    expect(loadConfigOrExit('svc', () => 42)).toBe(42);
    expect(() =>
      loadConfigOrExit('svc', () => {
        throw new TypeError('boom');
      }),
    ).toThrow('boom');
  });
});

describe('pemEnv', () => {
  it('turns one-line "\\n" sequences into newlines and refuses what is not the named PEM', () => {
    const oneLine = '-----BEGIN PUBLIC KEY-----\\nMFkw\\n-----END PUBLIC KEY-----';
    expect(pemEnv('PUBLIC KEY').parse(oneLine)).toBe(oneLine.replace(/\\n/g, '\n'));
    expect(pemEnv('PUBLIC KEY').safeParse('-----BEGIN PRIVATE KEY-----').success).toBe(false);
  });
});
