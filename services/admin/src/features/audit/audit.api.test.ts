import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntrySchema } from '@noek/contracts';
import { startAdminAlone, type AdminAlone } from '../../test/admin-alone';

let h: AdminAlone;
let admin: Awaited<ReturnType<AdminAlone['admin']>>;
beforeAll(async () => {
  h = await startAdminAlone();
  admin = await h.admin();
});
afterAll(async () => {
  await h?.close();
});

async function entry(targetUserId: string, action: 'user.blocked' | 'user.banned', at: Date) {
  return h.ctx.audit.append({
    at,
    actorId: admin.id,
    actorEmail: admin.email,
    targetUserId,
    targetEmail: 'target@example.test',
    action,
    outcome: 'succeeded',
    before: { isBlocked: false },
    after: { isBlocked: true },
    requestId: 'req-1',
    errorCode: null,
  });
}

describe('the audit log', () => {
  it("answers a user's history and the recent activity newest first, limited, in the contract's shape", async () => {
    const [a, b] = [await h.known(), await h.known()];
    for (let i = 0; i < 3; i++) await entry(a.id, 'user.blocked', new Date(Date.UTC(2026, 0, 1, i)));
    await entry(b.id, 'user.banned', new Date(Date.UTC(2026, 0, 2)));
    const history = await admin.call<unknown[]>('GET', `/api/admin/users/${a.id}/audit?limit=2`);
    expect(history.status).toBe(200);
    const entries = history.body.map((e) => auditEntrySchema.parse(e));
    expect(entries.map((e) => e.at)).toEqual(['2026-01-01T02:00:00.000Z', '2026-01-01T01:00:00.000Z']);
    expect(entries[0]).toMatchObject({
      targetUserId: a.id,
      before: { isBlocked: false },
      after: { isBlocked: true },
    });
    const recent = await admin.call<{ targetUserId: string }[]>('GET', '/api/admin/audit');
    expect(recent.body[0]!.targetUserId).toBe(b.id);
    expect(recent.body.length).toBeLessThanOrEqual(20);
  });

  it('a user with no history answers an empty list; a bad limit or id is a 400', async () => {
    const u = await h.known();
    expect((await admin.call('GET', `/api/admin/users/${u.id}/audit`)).body).toEqual([]);
    for (const q of ['limit=0', 'limit=201', 'limit=ten'])
      expect((await admin.call('GET', `/api/admin/audit?${q}`)).status, q).toBe(400);
    expect((await admin.call('GET', '/api/admin/users/nope/audit')).status).toBe(400);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const u = await h.known();
    const e = await entry(u.id, 'user.blocked', new Date());
    const schema = h.schema;
    const c = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test',
    });
    await c.connect();
    try {
      await expect(
        c.query(`UPDATE "${schema}"."audit_entries" SET "outcome" = 'failed' WHERE "id" = $1`, [e.id]),
      ).rejects.toThrow();
      await expect(
        c.query(`DELETE FROM "${schema}"."audit_entries" WHERE "id" = $1`, [e.id]),
      ).rejects.toThrow();
    } finally {
      await c.end();
    }
    expect((await h.audit(u.id)).map((r) => r.outcome)).toEqual(['succeeded']);
  });
});
