import pg from 'pg';
import { slowWork } from '@noek/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRecord, startAdminAlone, type AdminAlone, type Received } from '../../test/admin-alone';
import { syncDirectory } from './sync-directory';

let h: AdminAlone;
beforeAll(async () => {
  h = await startAdminAlone();
});
afterAll(async () => {
  await h?.close();
});

/**
 * auth's user list with keyset paging (after = the last id of the previous page). It answers at most
 * `pageSize` users, whatever the limit asked: the walk must follow the last id, not count on full pages.
 */
function authListing(
  users: ReturnType<typeof authRecord>[],
  opts: { pageSize?: number; failAfter?: string } = {},
) {
  const sorted = [...users].sort((a, b) => a.id.localeCompare(b.id));
  return (r: Received) => {
    const q = new URLSearchParams(r.query);
    const after = q.get('after');
    if (opts.failAfter !== undefined && after === opts.failAfter)
      return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'x' } };
    const size = Math.min(Number(q.get('limit')), opts.pageSize ?? Infinity);
    return { status: 200, body: sorted.filter((u) => after === null || u.id > after).slice(0, size) };
  };
}
const ids = (users: { id: string }[]) => users.map((u) => u.id).sort();

describe("copying auth's users into the read model", () => {
  it('asks for pages of 500, walks them by the last id to the end, and records when it synced', async () => {
    const users = Array.from({ length: 5 }, (_, i) => authRecord({ name: `Synced ${i}` }));
    h.auth.reply = authListing(users, { pageSize: 2 });
    expect(await h.ctx.directory.syncedAt()).toBeNull();
    expect(await syncDirectory(h.ctx)).toBe(5);
    const queries = h.auth.received.map((r) => Object.fromEntries(new URLSearchParams(r.query)));
    const sorted = ids(users);
    expect(queries).toEqual([
      { limit: '500' },
      { limit: '500', after: sorted[1] },
      { limit: '500', after: sorted[3] },
      { limit: '500', after: sorted[4] },
    ]);
    expect(await h.ctx.directory.count('synced')).toBe(5);
    expect(await h.ctx.directory.syncedAt()).toBeInstanceOf(Date);
  });

  it("auth's record replaces the read model's; a failure part-way keeps the pages copied and throws (retried later)", async () => {
    const users = Array.from({ length: 3 }, (_, i) => authRecord({ name: `Again ${i}` }));
    const firstPage = users.find((u) => u.id === ids(users)[0])!;
    await h.known({ ...firstPage, name: 'Stale name' });
    h.auth.received.length = 0;
    h.auth.reply = authListing(users, { pageSize: 2, failAfter: ids(users)[1] });
    await expect(syncDirectory(h.ctx)).rejects.toMatchObject({ status: 503 });
    const copied = await Promise.all(users.map((u) => h.ctx.directory.findById(u.id)));
    const first = ids(users).slice(0, 2);
    expect(
      copied
        .filter((u) => u && first.includes(u.id))
        .map((u) => u!.name)
        .sort(),
    ).toEqual(
      users
        .filter((u) => first.includes(u.id))
        .map((u) => u.name)
        .sort(),
    );
    expect(copied.find((u) => u?.id === ids(users)[2])).toBeFalsy();
  });

  it('a page that takes longer than a default 5 s transaction (a busy or distant database) is still copied', async () => {
    const users = [authRecord({ name: 'Slow page 1' }), authRecord({ name: 'Slow page 2' })];
    h.auth.reply = authListing(users);
    // Another writer holds the directory's version row: each copied user waits on it.
    const blocker = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test',
    });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM "${h.schema}"."directory_state" WHERE "id" = 1 FOR UPDATE`);
      const sync = syncDirectory(h.ctx);
      const [{ pid }] = (await blocker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [
        { pid: number },
      ];
      // Sessions waiting for the blocker's lock: the copy, inside its transaction.
      const blocked = async () =>
        (
          await blocker.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
            [pid],
          )
        ).rows[0]!.n;
      await expect.poll(blocked, { timeout: 5_000 }).toBeGreaterThan(0);
      // The copy's transaction is open and blocked: the lock is held past Prisma's default 5 s transaction
      // timeout, the condition under test (a slow page), then released.
      await slowWork(5_200);
      await blocker.query('COMMIT');
      expect(await sync).toBe(2);
    } finally {
      await blocker.end();
    }
    expect((await h.ctx.directory.findById(users[1]!.id))?.name).toBe('Slow page 2');
  });
});
