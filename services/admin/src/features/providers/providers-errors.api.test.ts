import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminAlone, type AdminAlone } from '../../test/admin-alone';

let h: AdminAlone;
let admin: Awaited<ReturnType<AdminAlone['admin']>>;
beforeAll(async () => {
  // Room for the retries of an edit (each attempt may take DOWNSTREAM_TIMEOUT_MS + 5 s there).
  h = await startAdminAlone({ budgetMs: 10_000 });
  admin = await h.admin();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.chat.received.length = 0;
});

const toChat = () => h.chat.received.filter((r) => r.path.startsWith('/internal/providers'));
const provider = { id: 'local', name: 'Local', baseUrl: 'http://127.0.0.1:11434/v1' };

describe("providers: chat's answers passed on to the admin", () => {
  it('a non-admin is refused (403) before chat is asked', async () => {
    const member = await h.known({ accessLevel: 'premium' });
    const c = h.caller(member.id, { level: 'premium' });
    for (const [method, path, body] of [
      ['GET', '/api/admin/providers'],
      ['POST', '/api/admin/providers', provider],
      ['PATCH', '/api/admin/providers/local', { enabled: false }],
      ['DELETE', '/api/admin/providers/local'],
    ] as const)
      expect((await c.call(method, path, body)).status, `${method} ${path}`).toBe(403);
    expect(toChat()).toEqual([]);
  });

  it("bad input is refused here (400) without a call; chat's own field errors read the same", async () => {
    for (const body of [{}, { ...provider, baseUrl: 'not a url' }, { ...provider, id: 'Has Spaces' }])
      expect((await admin.call('POST', '/api/admin/providers', body)).status, JSON.stringify(body)).toBe(400);
    expect(toChat()).toEqual([]);
    h.chat.reply = (r) =>
      r.path === '/readyz'
        ? { status: 200 }
        : {
            status: 400,
            body: {
              code: 'VALIDATION_ERROR',
              message: 'Some fields are not valid.',
              fields: { 'body.baseUrl': ['No models answered at this address'] },
            },
          };
    const res = await admin.call('POST', '/api/admin/providers', provider);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { 'body.baseUrl': ['No models answered at this address'] } });
  });

  it("an unknown provider is chat's 404, passed on", async () => {
    h.chat.reply = () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'No such provider.' } });
    const res = await admin.call('DELETE', '/api/admin/providers/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'No such provider.' });
  });

  it('chat failing: an add is tried once (503, nothing changed); an edit, which sets values, is tried again', async () => {
    h.chat.reply = () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } });
    const added = await admin.call('POST', '/api/admin/providers', provider);
    expect(added.status).toBe(503);
    expect(added.body).toMatchObject({
      message: 'The chat service could not do this right now. Nothing was changed.',
    });
    expect(toChat()).toHaveLength(1);
    h.chat.received.length = 0;
    const edited = await admin.call('PATCH', '/api/admin/providers/local', { enabled: false });
    expect(edited.status).toBe(503);
    expect(toChat().length).toBeGreaterThanOrEqual(2);
  });

  it("the list is chat's answer, and an answer outside chat's contract is not passed on as a list", async () => {
    h.chat.reply = () => ({ status: 200, body: { providers: 'many' } });
    expect((await admin.call('GET', '/api/admin/providers')).status).toBeGreaterThanOrEqual(500);
  });
});
