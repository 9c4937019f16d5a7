import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersHeaders, type AdminUserRow } from '@noek/contracts';
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

const list = async (query: string, etag?: string) => {
  const res = await fetch(`${h.url}/api/admin/users?${query}`, {
    headers: { cookie: `noek_access=${admin.token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get('etag')!,
    total: res.headers.get(adminUsersHeaders.totalCount),
    body: (text ? JSON.parse(text) : null) as AdminUserRow[] | { code: string } | null,
  };
};

describe('the users list', () => {
  it('answers 304 to an unchanged refresh, and a new ETag once anything changed', async () => {
    const tag = randomUUID().slice(0, 8);
    await h.known({ name: `List ${tag}` });
    const first = await list(`search=${tag}`);
    expect(first.status).toBe(200);
    expect(first.total).toBe('1');
    expect((await list(`search=${tag}`, first.etag)).status).toBe(304);
    // Another query has its own ETag.
    expect((await list(`search=${tag}&page=2`, first.etag)).status).toBe(200);

    await h.known({ name: `List ${tag} two` });
    const changed = await list(`search=${tag}`, first.etag);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
  });

  it('a minute later the same list is answered again (bans and windows end with time)', async () => {
    const first = await list('page=1');
    h.advance(60_000);
    expect((await list('page=1', first.etag)).status).toBe(200);
  });

  it('keeps the total a few seconds (the count is the costly part), never the rows', async () => {
    const tag = randomUUID().slice(0, 8);
    await h.known({ name: `Count ${tag} 1` });
    expect((await list(`search=${tag}`)).total).toBe('1');
    await h.known({ name: `Count ${tag} 2` });
    const soon = await list(`search=${tag}`);
    expect(soon.total).toBe('1');
    h.advance(5_001);
    expect((await list(`search=${tag}`)).total).toBe('2');
  });

  it('refuses a bad page, page size or search (400)', async () => {
    for (const q of ['page=0', 'page=abc', 'pageSize=0', 'pageSize=100000', `search=${'x'.repeat(201)}`]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
    }
  });
});
