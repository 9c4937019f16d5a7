import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRecord, startAdminAlone, type AdminAlone } from '../../test/admin-alone';
import { isBannedAt, isWindowOpen } from './directory.repository';

let h: AdminAlone;
beforeAll(async () => {
  h = await startAdminAlone();
});
afterAll(async () => {
  await h?.close();
});

const HOUR = 3_600_000;
const repo = () => h.ctx.directory;

describe('paging the read model', () => {
  it('pages in sign-up order, reading the second half from the end, with the same rows either way', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const created = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      ids.push((await h.known({ name: `Pager ${tag} ${i}`, createdAt: created })).id);
    }
    const total = await repo().count(tag);
    expect(total).toBe(7);
    const pages = [];
    for (let page = 1; page <= 4; page++)
      pages.push(await repo().page({ search: tag, page, pageSize: 2 }, total));
    expect(pages.map((p) => p.map((r) => ids.indexOf(r.id)))).toEqual([[0, 1], [2, 3], [4, 5], [6]]);
    expect(await repo().page({ search: tag, page: 5, pageSize: 2 }, total)).toEqual([]);
  });

  it('searches name, email and level, whatever the letter case', async () => {
    const tag = randomUUID().slice(0, 8);
    const named = await h.known({ name: `Zelda ${tag}` });
    const mailed = await h.known({ email: `${tag}@MAIL.example` });
    const premium = await h.known({
      name: `Lvl ${tag}`,
      email: `${tag}-lvl@example.test`,
      accessLevel: 'premium',
    });
    expect(
      (await repo().page({ search: `ZELDA ${tag}`, page: 1, pageSize: 10 }, 10)).map((r) => r.id),
    ).toEqual([named.id]);
    expect(
      (await repo().page({ search: `${tag}@mail`, page: 1, pageSize: 10 }, 10)).map((r) => r.id),
    ).toEqual([mailed.id]);
    // The level is searchable too (it follows the email in the search text).
    const byLevel = await repo().page(
      { search: `${tag}-lvl@example.test\npremium`, page: 1, pageSize: 10 },
      10,
    );
    expect(byLevel.map((r) => r.id)).toEqual([premium.id]);
    expect(await repo().count(`${tag}-lvl@example.test\nbasic`)).toBe(0);
  });
});

describe('usage windows, as chat counts them', () => {
  it('opens a window at the first message, counts within it, starts again after it closes', async () => {
    const u = await h.known({ accessLevel: 'basic' });
    const t0 = new Date('2026-03-01T08:00:00.000Z');
    await repo().messageSent(u.id, t0);
    await repo().messageSent(u.id, new Date(t0.getTime() + HOUR));
    expect(await repo().findById(u.id)).toMatchObject({ messageCount: 2, usageWindowStartedAt: t0 });
    const next = new Date(t0.getTime() + 25 * HOUR);
    await repo().messageSent(u.id, next);
    expect(await repo().findById(u.id)).toMatchObject({ messageCount: 1, usageWindowStartedAt: next });
  });

  it("after an admin set the usage, messages older than the edit are already in chat's count", async () => {
    const u = await h.known();
    const setAt = new Date('2026-03-02T12:00:00.000Z');
    await repo().usageSet(u.id, { messageCount: 5, usageWindowStartedAt: '2026-03-02T09:00:00.000Z' }, setAt);
    await repo().messageSent(u.id, new Date(setAt.getTime() - 1_000));
    expect((await repo().findById(u.id))?.messageCount).toBe(5);
    await repo().messageSent(u.id, new Date(setAt.getTime() + 1_000));
    expect((await repo().findById(u.id))?.messageCount).toBe(6);
  });

  it("an admin's window never closes; a basic one closes after the plan's period", () => {
    const startedAt = new Date('2026-03-01T00:00:00.000Z');
    const later = new Date(startedAt.getTime() + 1000 * HOUR);
    expect(isWindowOpen({ accessLevel: 'admin', usageWindowStartedAt: startedAt }, later)).toBe(true);
    expect(isWindowOpen({ accessLevel: 'basic', usageWindowStartedAt: startedAt }, later)).toBe(false);
    expect(isWindowOpen({ accessLevel: 'basic', usageWindowStartedAt: null }, startedAt)).toBe(false);
  });
});

describe("auth's snapshots", () => {
  it('a lifted ban drops its reason; a level other than SuperNoek drops the grant end', async () => {
    const u = await h.known({
      isBanned: true,
      banReason: 'Spam',
      accessLevel: 'supernoek',
      supernoekExpiresAt: '2026-12-01T00:00:00.000Z',
    });
    await repo().updated({
      userId: u.id,
      name: u.name,
      email: u.email,
      accessLevel: 'basic',
      isBlocked: false,
      isBanned: false,
      bannedUntil: null,
      specialFeatures: [],
      sessionsValidAfter: null,
      updatedAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(await repo().findById(u.id)).toMatchObject({
      isBanned: false,
      banReason: null,
      accessLevel: 'basic',
      supernoekExpiresAt: null,
    });
  });

  it('a timed ban reads as lifted once its end passed; a permanent one holds', () => {
    const now = new Date('2026-03-01T00:00:00.000Z');
    expect(isBannedAt({ isBanned: true, bannedUntil: new Date(now.getTime() - 1) }, now)).toBe(false);
    expect(isBannedAt({ isBanned: true, bannedUntil: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isBannedAt({ isBanned: true, bannedUntil: null }, now)).toBe(true);
    expect(isBannedAt({ isBanned: false, bannedUntil: null }, now)).toBe(false);
  });

  it('every change moves the version (the ETag); verifying an unknown user does not', async () => {
    const v0 = await repo().version();
    await repo().verified(randomUUID());
    expect(await repo().version()).toBe(v0);
    const u = await h.known(authRecord({ emailVerified: false }));
    const v1 = await repo().version();
    expect(v1).toBeGreaterThan(v0);
    await repo().verified(u.id);
    expect(await repo().version()).toBe(v1 + 1n);
  });
});
