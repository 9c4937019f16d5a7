import { describe, expect, it } from 'vitest';
import { captureLogger } from '../testing/log-capture';
import { createLifecycle } from './lifecycle';

describe('createLifecycle', () => {
  it('runs hooks once, in reverse order of registration', async () => {
    const order: string[] = [];
    const lc = createLifecycle({ logger: captureLogger().logger, graceMs: 1000 });
    lc.onShutdown(() => void order.push('db'), 'db');
    lc.onShutdown(async () => void order.push('bus'), 'bus');
    lc.onShutdown(() => void order.push('http'), 'http');
    const [a, b] = await Promise.all([lc.shutdown('test'), lc.shutdown('again')]);
    expect(order).toEqual(['http', 'bus', 'db']);
    expect(a && b).toBe(true);
  });

  it('keeps going after a failing hook and reports failure', async () => {
    const order: string[] = [];
    const { logger, lines } = captureLogger();
    const lc = createLifecycle({ logger, graceMs: 1000 });
    lc.onShutdown(() => void order.push('db'));
    lc.onShutdown(() => {
      throw new Error('drain failed');
    }, 'bus');
    expect(await lc.shutdown()).toBe(false);
    expect(order).toEqual(['db']);
    expect(lines().some((l) => l.hook === 'bus' && l.msg === 'shutdown step failed')).toBe(true);
  });

  it('exits 0 on SIGTERM after hooks, 1 if a hook throws', async () => {
    for (const [fails, code] of [[false, 0], [true, 1]] as const) {
      const exits: number[] = [];
      const before = process.listeners('SIGTERM');
      const beforeInt = process.listeners('SIGINT');
      const lc = createLifecycle({ logger: captureLogger().logger, graceMs: 1000, exit: (c) => exits.push(c) });
      lc.onShutdown(() => {
        if (fails) throw new Error('x');
      });
      lc.installSignalHandlers();
      const added = process.listeners('SIGTERM').filter((l) => !before.includes(l));
      expect(added).toHaveLength(1);
      (added[0] as (s: string) => void)('SIGTERM');
      await new Promise((r) => setTimeout(r, 20));
      expect(exits).toEqual([code]);
      process.off('SIGTERM', added[0]!);
      for (const l of process.listeners('SIGINT').filter((x) => !beforeInt.includes(x))) process.off('SIGINT', l);
    }
  });
});
