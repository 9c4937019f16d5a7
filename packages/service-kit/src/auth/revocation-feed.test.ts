import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SessionIntrospection } from '@noek/contracts';
import { REVOCATION_FEED_STALE_AFTER_MS, isFeedStale } from './revocation-feed';
import { REVOCATION_HORIZON_MS, RevocationList, type RevocationChange } from './revocation-list';

const t0 = Date.parse('2026-11-25T10:00:00.000Z');
const connected = { isHealthy: () => true };
const down = { isHealthy: () => false };

describe('isFeedStale: the feed’s own liveness', () => {
  it('is current while connected and heard within the bound', () => {
    const following = { currentAsOf: () => t0 };
    expect(isFeedStale({ bus: connected, following }, t0 + REVOCATION_FEED_STALE_AFTER_MS)).toBe(false);
    expect(isFeedStale({ bus: connected, following }, t0 + REVOCATION_FEED_STALE_AFTER_MS + 1)).toBe(true);
  });
  it('is stale at once when the bus is disconnected, whatever it heard last', () => {
    expect(isFeedStale({ bus: down, following: { currentAsOf: () => t0 } }, t0)).toBe(true);
  });
  it('is stale before the follower starts, and never for one that cannot fall behind, or with no feed', () => {
    expect(isFeedStale({}, t0)).toBe(false);
    expect(isFeedStale({ bus: connected }, t0)).toBe(true);
    expect(isFeedStale({ bus: connected, following: {} }, t0 + 10 * 3_600_000)).toBe(false);
  });
});

/** A list whose feed and auth the test drives: `heard` moves the feed's last proof of being current. */
function harness(o: { many?: boolean } = {}) {
  let now = t0;
  let heard = t0;
  let healthy = true;
  const asked: string[] = [];
  const askedMany: string[][] = [];
  let answer: SessionIntrospection | undefined = {
    active: true,
    ended: null,
    sessionsValidAfter: null,
    stop: false,
  };
  const list = new RevocationList({
    now: () => now,
    introspect: async (token) => {
      asked.push(token);
      return answer;
    },
    ...(o.many
      ? {
          introspectMany: async (tokens: readonly string[]) => {
            askedMany.push([...tokens]);
            return tokens.map(() => answer);
          },
        }
      : {}),
  });
  list.feed.bus = { isHealthy: () => healthy };
  list.feed.following = { currentAsOf: () => heard };
  const changes: RevocationChange[] = [];
  list.onChange((c) => changes.push(c));
  return {
    list,
    asked,
    askedMany,
    changes,
    advance: (ms: number) => (now += ms),
    hear: () => (heard = now),
    setHealthy: (h: boolean) => (healthy = h),
    answer: (a: SessionIntrospection | undefined) => (answer = a),
  };
}

const userId = randomUUID();
const user = (sessionId = 's1') => ({ id: userId, issuedAt: new Date(t0 - 60_000), sessionId });
const ended = (how: 'session' | 'user', stop = false): SessionIntrospection => ({
  active: false,
  ended: how,
  sessionsValidAfter: how === 'user' ? new Date(t0).toISOString() : null,
  stop,
});

describe('RevocationList with a stale feed falls back to auth', () => {
  it('does not ask auth while the feed is current', async () => {
    const h = harness();
    expect(await h.list.check(user(), 'tok')).toBe(false);
    h.advance(REVOCATION_FEED_STALE_AFTER_MS);
    expect(await h.list.check(user(), 'tok')).toBe(false);
    expect(h.asked).toEqual([]);
  });

  it('asks auth once heartbeats stop for longer than the bound, and refuses what auth ended', async () => {
    const h = harness();
    h.advance(REVOCATION_FEED_STALE_AFTER_MS + 1);
    h.answer(ended('session'));
    expect(await h.list.check(user(), 'tok')).toBe(true);
    expect(h.asked).toEqual(['tok']);
    expect(h.changes).toEqual([{ kind: 'session', userId, sessionId: 's1' }]);
    // Kept as if the feed had said it: refused from memory, the other session is not.
    expect(h.list.isRevoked(user())).toBe(true);
    h.answer({ active: true, ended: null, sessionsValidAfter: null, stop: false });
    expect(await h.list.check(user('s2'), 'tok2')).toBe(false);
  });

  it('asks auth at once when the bus is disconnected', async () => {
    const h = harness();
    h.setHealthy(false);
    h.answer(ended('user', true));
    expect(await h.list.check(user(), 'tok')).toBe(true);
    expect(h.changes).toEqual([{ kind: 'user', userId, stop: true }]);
    // Every token of the user issued before the horizon, whatever its session.
    expect(h.list.isRevoked(user('s9'))).toBe(true);
  });

  it('goes back to memory alone once the feed is heard again', async () => {
    const h = harness();
    h.setHealthy(false);
    await h.list.check(user(), 'a');
    h.setHealthy(true);
    h.hear();
    await h.list.check(user(), 'b');
    expect(h.asked).toEqual(['a']);
  });

  it('keeps to what it knows when auth cannot answer either', async () => {
    const h = harness();
    h.setHealthy(false);
    h.answer(undefined);
    expect(await h.list.check(user(), 'tok')).toBe(false);
    expect(h.changes).toEqual([]);
  });

  it('the memory-only check never asks auth, and knows what check learnt', async () => {
    const h = harness();
    h.setHealthy(false);
    h.answer(ended('session'));
    expect(h.list.isRevoked(user())).toBe(false);
    expect(h.asked).toEqual([]);
    expect(await h.list.check(user(), 'tok')).toBe(true);
    expect(h.list.isRevoked(user())).toBe(true);
  });

  it('a ban that left the horizon alone still ends the token it was asked about', async () => {
    const h = harness();
    h.setHealthy(false);
    h.answer({ active: false, ended: 'user', sessionsValidAfter: null, stop: true });
    expect(await h.list.check(user(), 'tok')).toBe(true);
    expect(h.list.isRevoked(user('other'))).toBe(true);
  });

  it('sweeps held tokens only while stale, and reports what auth ended', async () => {
    const h = harness();
    const held = [
      { token: 'a', user: user('s1') },
      { token: 'b', user: user('s2') },
    ];
    await h.list.sweep(held);
    expect(h.asked).toEqual([]);
    h.advance(REVOCATION_FEED_STALE_AFTER_MS + 1);
    h.answer(ended('session'));
    await h.list.sweep(held);
    expect(h.asked).toEqual(['a', 'b']);
    expect(h.changes.map((c) => c.kind === 'session' && c.sessionId)).toEqual(['s1', 's2']);
    // Known now: not asked again.
    await h.list.sweep(held);
    expect(h.asked).toHaveLength(2);
    h.advance(REVOCATION_HORIZON_MS + 1);
    expect(h.list.isRevoked(user('s1'))).toBe(false);
  });

  it('sweeps in one call to auth when it takes many tokens at once, each token once', async () => {
    const h = harness({ many: true });
    h.setHealthy(false);
    h.answer(ended('session'));
    const a = { token: 'a', user: user('s1') };
    await h.list.sweep([a, { token: 'b', user: user('s2') }, a]);
    expect(h.askedMany).toEqual([['a', 'b']]);
    expect(h.asked).toEqual([]);
    expect(h.changes.map((c) => c.kind === 'session' && c.sessionId)).toEqual(['s1', 's2']);
    await h.list.sweep([a]);
    expect(h.askedMany).toHaveLength(1);
  });
});
