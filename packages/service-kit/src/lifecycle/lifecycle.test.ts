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

  it('logs unhandled rejections and shuts down with exit 1 on an uncaught exception', async () => {
    const events = ['unhandledRejection', 'uncaughtException', 'SIGTERM', 'SIGINT'] as const;
    type Listener = (...args: unknown[]) => void;
    const listeners = (e: (typeof events)[number]) =>
      process.listeners(e as 'SIGTERM') as unknown as Listener[];
    const before = Object.fromEntries(events.map((e) => [e, listeners(e)]));
    const exits: number[] = [];
    const { logger, lines } = captureLogger();
    const lc = createLifecycle({ logger, graceMs: 1000, exit: (c) => exits.push(c) });
    let closed = false;
    lc.onShutdown(() => void (closed = true));
    lc.installSignalHandlers();
    const added = (e: (typeof events)[number]) => listeners(e).filter((l) => !before[e]!.includes(l));
    try {
      added('unhandledRejection')[0]!(new Error('forgotten await'));
      expect(exits).toEqual([]);
      expect(lines().some((l) => l.msg === 'unhandled promise rejection')).toBe(true);
      added('uncaughtException')[0]!(new Error('bug'));
      await expect.poll(() => exits).toEqual([1]);
      expect(closed).toBe(true);
    } finally {
      for (const e of events) for (const l of added(e)) process.off(e as 'SIGTERM', l);
    }
  });

  it('exits 0 on SIGTERM after hooks, 1 if a hook throws', async () => {
    for (const [fails, code] of [
      [false, 0],
      [true, 1],
    ] as const) {
      const exits: number[] = [];
      const before = process.listeners('SIGTERM');
      const beforeInt = process.listeners('SIGINT');
      const lc = createLifecycle({
        logger: captureLogger().logger,
        graceMs: 1000,
        exit: (c) => exits.push(c),
      });
      lc.onShutdown(() => {
        if (fails) throw new Error('x');
      });
      lc.installSignalHandlers();
      const added = process.listeners('SIGTERM').filter((l) => !before.includes(l));
      expect(added).toHaveLength(1);
      (added[0] as (s: string) => void)('SIGTERM');
      await expect.poll(() => exits).toEqual([code]);
      process.off('SIGTERM', added[0]!);
      for (const l of process.listeners('SIGINT').filter((x) => !beforeInt.includes(x)))
        process.off('SIGINT', l);
    }
  });
});
