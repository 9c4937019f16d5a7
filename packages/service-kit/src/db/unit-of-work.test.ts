import { describe, expect, it, vi } from 'vitest';
import { createUnitOfWork } from './unit-of-work';

/** A transaction-capable fake of the outbox delegate only: records rows, rolls back on throw. */
function fakeDb() {
  const committed: string[] = [];
  return {
    committed,
    async $transaction<R>(
      fn: (tx: { outboxEvent: { create(a: { data: { id: string } }): Promise<void> } }) => Promise<R>,
    ) {
      const pending: string[] = [];
      const result = await fn({ outboxEvent: { create: async ({ data }) => void pending.push(data.id) } });
      committed.push(...pending);
      return result;
    },
  };
}

describe('createUnitOfWork', () => {
  it('hands the work repositories bound to the transaction and publishes in it', async () => {
    const db = fakeDb();
    const afterPublish = vi.fn();
    const uow = createUnitOfWork(db, (tx) => ({ users: { tx } }), { afterPublish });
    const envelope = makeEnvelope('auth.user.verified.v1', sampleData(), 'corr-1');
    const out = await uow(async ({ users, publish }) => {
      expect(users.tx).toHaveProperty('outboxEvent');
      await publish(envelope);
      return 42;
    });
    expect(out).toBe(42);
    expect(db.committed).toEqual([envelope.id]);
    expect(afterPublish).toHaveBeenCalledOnce();
  });

  it('does not call afterPublish when nothing was published, nor when the work throws', async () => {
    const db = fakeDb();
    const afterPublish = vi.fn();
    const uow = createUnitOfWork(db, () => ({}), { afterPublish });
    await uow(async () => 1);
    await expect(
      uow(async ({ publish }) => {
        await publish(makeEnvelope('auth.user.verified.v1', sampleData(), 'c'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(afterPublish).not.toHaveBeenCalled();
    expect(db.committed).toEqual([]);
  });
});

function makeEnvelope(type: string, data: unknown, correlationId: string) {
  return { id: crypto.randomUUID(), type, time: new Date().toISOString(), correlationId, data };
}

function sampleData() {
  return { userId: 'u1', email: 'a@example.com', verifiedAt: new Date().toISOString() };
}
