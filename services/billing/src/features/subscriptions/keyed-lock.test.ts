import { describe, expect, it } from 'vitest';
import { KeyedLock } from './keyed-lock';

/** A task that runs until released, recording when it started and ended. */
function gated(log: string[], name: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return {
    release,
    task: async () => {
      log.push(`${name} start`);
      await gate;
      log.push(`${name} end`);
      return name;
    },
  };
}

describe('KeyedLock', () => {
  it('runs tasks of one key one after another, and other keys beside them', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const a1 = gated(log, 'a1');
    const a2 = gated(log, 'a2');
    const b1 = gated(log, 'b1');
    const first = lock.run('a', a1.task);
    const second = lock.run('a', a2.task);
    const other = lock.run('b', b1.task);
    await expect.poll(() => log).toEqual(['a1 start', 'b1 start']);
    a1.release();
    await expect(first).resolves.toBe('a1');
    await expect.poll(() => log).toContain('a2 start');
    a2.release();
    b1.release();
    await expect(Promise.all([second, other])).resolves.toEqual(['a2', 'b1']);
  });

  it('a failed task does not block the next one of its key', async () => {
    const lock = new KeyedLock();
    const failed = lock.run('a', async () => {
      throw new Error('declined');
    });
    await expect(failed).rejects.toThrow('declined');
    await expect(lock.run('a', async () => 'next')).resolves.toBe('next');
  });
});
