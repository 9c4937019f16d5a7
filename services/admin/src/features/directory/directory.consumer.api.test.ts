import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEnvelope,
  messageSentEvent,
  userRegisteredEvent,
  userUpdatedEvent,
  userVerifiedEvent,
  type EventEnvelope,
  type UserUpdatedData,
} from '@noek/contracts';
import type { Subscription } from '@noek/service-kit';
import { startAdminAlone, type AdminAlone } from '../../test/admin-alone';
import { subscribeDirectory } from './directory.consumer';

let h: AdminAlone;
let sub: Subscription;
beforeAll(async () => {
  h = await startAdminAlone({ freshStream: true });
  sub = await subscribeDirectory(h.bus, h.db, `directory-test-${randomUUID().slice(0, 8)}`);
});
afterAll(async () => {
  await sub?.stop();
  await h?.close();
});

const correlation = randomUUID();
const row = (id: string) => h.ctx.directory.findById(id);
/** Published again under another message id: the server's de-duplication does not catch it, the consumer must. */
const redeliver = (e: EventEnvelope) => h.bus.publish(e, { msgId: `${e.id}-again-${randomUUID()}` });

function registered(userId: string, at = '2026-02-01T10:00:00.000Z') {
  return createEnvelope(
    userRegisteredEvent,
    { userId, name: 'Grace', email: `${userId}@example.test`, accessLevel: 'basic', registeredAt: at },
    correlation,
  );
}
function updated(userId: string, over: Partial<UserUpdatedData>) {
  return createEnvelope(
    userUpdatedEvent,
    {
      userId,
      name: 'Grace',
      email: `${userId}@example.test`,
      accessLevel: 'basic',
      isBlocked: false,
      isBanned: false,
      bannedUntil: null,
      specialFeatures: [],
      sessionsValidAfter: null,
      updatedAt: '2026-02-01T10:00:00.000Z',
      ...over,
    },
    correlation,
  );
}
const sent = (userId: string, at: string) =>
  createEnvelope(messageSentEvent, { userId, conversationId: 1, messageId: 1, at }, correlation);

describe("the read model follows auth's and chat's events", () => {
  it('adds a user on sign-up, marks them verified, applies newer snapshots and ignores older ones', async () => {
    const id = randomUUID();
    await h.bus.publish(registered(id));
    await expect
      .poll(() => row(id), { timeout: 10_000 })
      .toMatchObject({ name: 'Grace', emailVerified: false });
    await h.bus.publish(
      createEnvelope(
        userVerifiedEvent,
        { userId: id, email: `${id}@example.test`, verifiedAt: '2026-02-01T10:01:00.000Z' },
        correlation,
      ),
    );
    await h.bus.publish(
      updated(id, {
        name: 'Grace H',
        accessLevel: 'premium',
        isBlocked: true,
        updatedAt: '2026-02-01T11:00:00.000Z',
      }),
    );
    // Delivered late: an older snapshot than the one kept changes nothing.
    await h.bus.publish(updated(id, { name: 'Old Grace', updatedAt: '2026-02-01T10:30:00.000Z' }));
    const marker = randomUUID();
    await h.bus.publish(registered(marker));
    await expect.poll(() => row(marker), { timeout: 10_000 }).not.toBeNull();
    expect(await row(id)).toMatchObject({
      name: 'Grace H',
      accessLevel: 'premium',
      isBlocked: true,
      emailVerified: true,
    });
  });

  it('an event delivered twice counts once (a message is one message)', async () => {
    const id = randomUUID();
    await h.bus.publish(registered(id));
    const message = sent(id, new Date().toISOString());
    await h.bus.publish(message);
    await expect.poll(async () => (await row(id))?.messageCount, { timeout: 10_000 }).toBe(1);
    await redeliver(message);
    await redeliver(registered(id));
    const second = sent(id, new Date().toISOString());
    await h.bus.publish(second);
    await expect.poll(async () => (await row(id))?.messageCount, { timeout: 10_000 }).toBe(2);
    await redeliver(message);
    await redeliver(second);
    const marker = randomUUID();
    await h.bus.publish(registered(marker));
    await expect.poll(() => row(marker), { timeout: 10_000 }).not.toBeNull();
    expect((await row(id))?.messageCount).toBe(2);
  });

  it('a message for a user the read model does not know changes nothing', async () => {
    const stranger = randomUUID();
    const version = await h.ctx.directory.version();
    await h.bus.publish(sent(stranger, new Date().toISOString()));
    const marker = randomUUID();
    await h.bus.publish(registered(marker));
    await expect.poll(() => row(marker), { timeout: 10_000 }).not.toBeNull();
    expect(await row(stranger)).toBeNull();
    // Only the marker's sign-up moved the version (the list's ETag).
    expect(await h.ctx.directory.version()).toBe(version + 1n);
  });

  it('a poison event (its data breaks the contract) does not hold back the events after it', async () => {
    const id = randomUUID();
    const poison = { ...updated(id, {}), data: { userId: id, name: 42 } } as unknown as EventEnvelope;
    await h.bus.publish(poison);
    await h.bus.publish(registered(id));
    await expect.poll(() => row(id), { timeout: 10_000 }).toMatchObject({ name: 'Grace' });
  });
});
