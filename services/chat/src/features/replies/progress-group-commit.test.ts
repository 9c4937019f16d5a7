import { describe, expect, it } from 'vitest';
import { createProgressGroupCommit, type ProgressWrite } from './progress-group-commit';
import type { ProgressResult } from './reply-writer';

/** A store whose statements the test completes by hand, recording what each one carried. */
function heldStore() {
  const statements: {
    writes: readonly ProgressWrite[];
    finish(r?: Map<number, ProgressResult>): void;
    fail(e: Error): void;
  }[] = [];
  const saveMany = (writes: readonly ProgressWrite[]) =>
    new Promise<Map<number, ProgressResult>>((resolve, reject) => {
      statements.push({
        writes,
        finish: (r) => resolve(r ?? new Map(writes.map((w) => [w.lease.messageId, 'stored' as const]))),
        fail: reject,
      });
    });
  return { statements, store: createProgressGroupCommit(saveMany) };
}

const lease = (messageId: number) => ({ messageId, leaseEpoch: 1 });

describe('progress group commit', () => {
  it('sends a lone write at once, and what queues behind a statement in flight as one statement', async () => {
    const { statements, store } = heldStore();
    const first = store.saveProgress(lease(1), 'a');
    expect(statements.map((s) => s.writes.length)).toEqual([1]);
    const queued = [2, 3, 4].map((id) => store.saveProgress(lease(id), `text ${id}`));
    expect(statements).toHaveLength(1);
    statements[0]!.finish();
    await expect(first).resolves.toBe('stored');
    await expect.poll(() => statements.length).toBe(2);
    expect(statements[1]!.writes.map((w) => [w.lease.messageId, w.content])).toEqual([
      [2, 'text 2'],
      [3, 'text 3'],
      [4, 'text 4'],
    ]);
    statements[1]!.finish(
      new Map([
        [2, 'stored'],
        [3, 'stop'],
      ]),
    );
    await expect(Promise.all(queued)).resolves.toEqual(['stored', 'stop', 'gone']);
  });

  it('fails every write of a failed statement and carries on with the next', async () => {
    const { statements, store } = heldStore();
    const a = store.saveProgress(lease(1), 'a');
    const b = store.saveProgress(lease(2), 'b');
    statements[0]!.fail(new Error('database down'));
    await expect(a).rejects.toThrow('database down');
    await expect.poll(() => statements.length).toBe(2);
    statements[1]!.fail(new Error('still down'));
    await expect(b).rejects.toThrow('still down');
    const c = store.saveProgress(lease(3), 'c');
    expect(statements).toHaveLength(3);
    statements[2]!.finish();
    await expect(c).resolves.toBe('stored');
  });

  it('splits a very large queue into bounded statements', async () => {
    const { statements, store } = heldStore();
    const first = store.saveProgress(lease(0), 'x');
    const rest = Array.from({ length: 1200 }, (_, i) => store.saveProgress(lease(i + 1), 'y'));
    statements[0]!.finish();
    await first;
    for (let n = 1; n <= 3; n += 1) {
      await expect.poll(() => statements.length).toBe(n + 1);
      statements[n]!.finish();
    }
    expect(statements.slice(1).map((s) => s.writes.length)).toEqual([500, 500, 200]);
    expect(new Set(await Promise.all(rest))).toEqual(new Set(['stored']));
  });
});
