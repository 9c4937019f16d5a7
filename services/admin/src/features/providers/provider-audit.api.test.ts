import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, auditListResponseSchema, routePath, type AuditEntry } from '@noek/contracts';
// The fake model server lives with chat's tests (an outer edge, as in the cross-service harness).
import { startFakeOpenAi, type FakeOpenAi } from '../../../../chat/src/test/fake-openai-server';
import { ADMIN, startAdminStack, type AdminStack, type TestClient } from '../../test/admin-stack';
import { signInAdmin, signUp, type Member } from '../../test/flows';

const KEY = 'sk-audit-lab-secret-7731';
const NEW_KEY = 'sk-audit-lab-rotated-9024';
let stack: AdminStack;
let admin: { c: TestClient; id: string };
let member: Member;
let lab: FakeOpenAi;

beforeAll(async () => {
  lab = await startFakeOpenAi(0, { chunks: ['ok'] }, { models: ['m-a'] });
  stack = await startAdminStack();
  admin = await signInAdmin(stack);
  member = await signUp(stack, 'provaudit');
});
afterAll(async () => {
  await stack?.close();
  await lab?.close();
});

const r = apiRoutes.admin;
const one = (providerId: string) => routePath(r.updateProvider, { providerId });

/** The recent activity list, the provider's entries only, oldest first. */
async function providerAudit(providerId: string): Promise<AuditEntry[]> {
  const res = await admin.c.get(`${r.recentAudit.path}?limit=200`);
  expect(res.status).toBe(200);
  return auditListResponseSchema
    .parse(res.body)
    .filter((e) => e.targetProviderId === providerId)
    .reverse();
}

describe('provider changes in the audit log', () => {
  it('audits adding, editing, disabling, enabling and deleting, without the key; refused input is not audited', async () => {
    const created = await admin.c.post(r.createProvider.path, {
      id: 'audited',
      name: 'Audited lab',
      baseUrl: lab.url,
      apiKey: KEY,
    });
    expect(created.status, created.text).toBe(201);
    expect(
      (await admin.c.request('PATCH', one('audited'), { name: 'Renamed lab', apiKey: NEW_KEY })).status,
    ).toBe(200);
    expect((await admin.c.request('PATCH', one('audited'), { enabled: false })).status).toBe(200);
    expect((await admin.c.request('PATCH', one('audited'), { enabled: true })).status).toBe(200);
    // Bad input and an unknown provider change nothing: not audited.
    expect((await admin.c.request('PATCH', one('audited'), { baseUrl: 'ftp://lab' })).status).toBe(400);
    expect((await admin.c.request('PATCH', one('nowhere'), { enabled: false })).status).toBe(404);
    // A member is refused before anything happens.
    expect((await member.c.request('DELETE', one('audited'))).status).toBe(403);
    expect((await admin.c.request('DELETE', one('audited'))).status).toBe(200);

    const entries = await providerAudit('audited');
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ['provider.created', 'succeeded'],
      ['provider.updated', 'succeeded'],
      ['provider.disabled', 'succeeded'],
      ['provider.enabled', 'succeeded'],
      ['provider.deleted', 'succeeded'],
    ]);
    for (const e of entries)
      expect(e).toMatchObject({
        actorId: admin.id,
        actorEmail: ADMIN.email,
        targetUserId: null,
        targetEmail: null,
      });
    const [create, edit, disable, , remove] = entries;
    const lab0 = { name: 'Audited lab', baseUrl: lab.url, models: [], enabled: true, apiKeySet: true };
    expect(create).toMatchObject({ before: null, after: lab0 });
    expect(edit).toMatchObject({
      before: lab0,
      after: { ...lab0, name: 'Renamed lab', apiKeyReplaced: true },
    });
    expect(disable).toMatchObject({ after: { enabled: false } });
    expect(remove).toMatchObject({ before: { name: 'Renamed lab', enabled: true }, after: null });
    expect((await providerAudit('nowhere')).length).toBe(0);
    // Never the key, nor the last characters the providers screen shows.
    const text = JSON.stringify(entries);
    for (const secret of [KEY, NEW_KEY, KEY.slice(-4), NEW_KEY.slice(-4)]) expect(text).not.toContain(secret);
  });

  it('audits a refused change as failed with its code', async () => {
    const body = { id: 'twice', name: 'Twice', baseUrl: lab.url };
    expect((await admin.c.post(r.createProvider.path, body)).status).toBe(201);
    const again = await admin.c.post(r.createProvider.path, body);
    expect(again.status).toBe(409);
    const entries = await providerAudit('twice');
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ['provider.created', 'succeeded'],
      ['provider.created', 'failed'],
    ]);
    expect(entries[1]).toMatchObject({ after: null, errorCode: (again.body as { code: string }).code });
    await admin.c.request('DELETE', one('twice'));
  });
});
