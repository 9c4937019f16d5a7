import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionChangedEvent, type EventEnvelope, type SubscriptionChangedData } from '@noek/contracts';
import { createInProcessEventBus } from '@noek/service-kit';
import { startAuthTestEnv, type AuthTestEnv } from '../../test/auth-test-env';
import { signIn, signUpAndVerify } from '../../test/flows';
import { handleSubscriptionChanged, subscribeSubscriptionChanges } from './subscription-changed.consumer';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await startAuthTestEnv();
});
afterAll(async () => {
  await env?.close();
});

function envelope(userId: string, status: SubscriptionChangedData['status'], changedAt: Date): EventEnvelope {
  return {
    id: randomUUID(),
    type: subscriptionChangedEvent.subject,
    time: new Date().toISOString(),
    correlationId: randomUUID(),
    data: {
      userId,
      plan: 'supernoek',
      status,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      changedAt: changedAt.toISOString(),
    },
  };
}

async function newUser() {
  const c = env.client();
  const p = await signUpAndVerify(env, c);
  const res = await signIn(c, p);
  return { c, id: res.body.user.id as string };
}

const level = async (id: string) => (await env.db.user.findUniqueOrThrow({ where: { id } })).accessLevel;

describe('billing.subscription.changed.v1 → access level', () => {
  it('raises basic to supernoek, keeps the session, and records auth.user.updated.v1', async () => {
    const { c, id } = await newUser();
    await handleSubscriptionChanged(env.db, envelope(id, 'active', new Date()));
    expect(await level(id)).toBe('supernoek');
    const me = await c.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.accessLevel).toBe('supernoek');
    const rows = await env.db.outboxEvent.findMany({ where: { subject: 'auth.user.updated.v1' } });
    expect(
      rows.some((r) => (r.payload as { data: { userId: string; accessLevel: string } }).data.userId === id),
    ).toBe(true);
  });

  it('ignores duplicates and older deliveries; a lapse returns the paid level to basic', async () => {
    const { id } = await newUser();
    const t0 = new Date(Date.now() - 60_000);
    const activate = envelope(id, 'active', t0);
    await handleSubscriptionChanged(env.db, activate);
    const cancel = envelope(id, 'canceled', new Date(t0.getTime() + 10_000));
    await handleSubscriptionChanged(env.db, cancel);
    expect(await level(id)).toBe('basic');
    // The activation delivered again (same id) and an older one (new id) change nothing.
    await handleSubscriptionChanged(env.db, activate);
    await handleSubscriptionChanged(env.db, envelope(id, 'active', new Date(t0.getTime() + 5_000)));
    expect(await level(id)).toBe('basic');
  });

  it('never touches an admin or a granted supernoek', async () => {
    const { id } = await newUser();
    // An admin grant (stored as auth holds it, users/grant-supernoek.ts) with no paid subscription.
    await env.db.user.update({
      where: { id },
      data: { accessLevel: 'supernoek', paidSupernoek: false, supernoekGrantedAt: new Date() },
    });
    await handleSubscriptionChanged(env.db, envelope(id, 'canceled', new Date()));
    expect(await level(id)).toBe('supernoek');
    await env.db.user.update({ where: { id }, data: { accessLevel: 'admin' } });
    await handleSubscriptionChanged(env.db, envelope(id, 'active', new Date(Date.now() + 1000)));
    expect(await level(id)).toBe('admin');
  });

  it('is consumed from the bus', async () => {
    const { id } = await newUser();
    const bus = createInProcessEventBus();
    const sub = await subscribeSubscriptionChanges(bus, env.db, `auth-test-${randomUUID()}`);
    try {
      await bus.publish(envelope(id, 'active', new Date()));
      await expect.poll(() => level(id), { timeout: 5000 }).toBe('supernoek');
    } finally {
      await sub.stop();
      await bus.close();
    }
  });
});
