import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProviderListSchema, adminProviderResponseSchema, apiRoutes, routePath } from '@noek/contracts';
// The fake model server lives with chat's tests (an outer edge, as in the cross-service harness).
import { startFakeOpenAi, type FakeOpenAi } from '../../../../chat/src/test/fake-openai-server';
import { startAdminStack, type AdminStack, type TestClient } from '../../test/admin-stack';
import { signInAdmin, signUp, type Member } from '../../test/flows';

const KEY = 'sk-admin-api-lab-5555';
let stack: AdminStack;
let admin: { c: TestClient; id: string };
let member: Member;
let lab: FakeOpenAi;

beforeAll(async () => {
  lab = await startFakeOpenAi(0, { chunks: ['ok'] }, { models: ['m-a', 'm-b'], apiKey: KEY });
  stack = await startAdminStack();
  admin = await signInAdmin(stack);
  member = await signUp(stack, 'providers');
});
afterAll(async () => {
  await stack?.close();
  await lab?.close();
});

const r = apiRoutes.admin;
const one = (providerId: string) => routePath(r.updateProvider, { providerId });

describe('model providers through the admin API', () => {
  it('are for admins only', async () => {
    expect((await member.c.get(r.providers.path)).status).toBe(403);
    expect(
      (await member.c.post(r.createProvider.path, { id: 'x', name: 'x', baseUrl: lab.url })).status,
    ).toBe(403);
  });

  it('adds a provider in chat, which lists it at once; its models reach users; no answer holds the key', async () => {
    const created = await admin.c.post(r.createProvider.path, {
      id: 'lab',
      name: 'Lab',
      baseUrl: lab.url,
      apiKey: KEY,
    });
    expect(created.status).toBe(201);
    expect(adminProviderResponseSchema.parse(created.body).provider).toMatchObject({
      id: 'lab',
      health: 'up',
      modelCount: 2,
      apiKey: { set: true, last4: '5555' },
    });
    const models = await member.c.get('/api/conversations/models');
    expect((models.body as { models: { id: string }[] }).models.map((m) => m.id)).toEqual([
      'lab/m-a',
      'lab/m-b',
    ]);

    const bad = await admin.c.request('PATCH', one('lab'), { apiKey: 'sk-wrong-0000' });
    expect(adminProviderResponseSchema.parse(bad.body).provider.health).toBe('unauthorized');
    const list = await admin.c.get(r.providers.path);
    expect(adminProviderListSchema.parse(list.body).providers.map((p) => [p.id, p.health])).toEqual([
      ['lab', 'unauthorized'],
    ]);
    const badUrl = await admin.c.request('PATCH', one('lab'), { baseUrl: 'ftp://lab' });
    expect(badUrl.status).toBe(400);
    expect((await admin.c.request('DELETE', one('lab'))).body).toEqual({ deleted: 'lab' });
    expect((await admin.c.request('DELETE', one('lab'))).status).toBe(404);
    for (const answer of [created, bad, list, badUrl]) expect(JSON.stringify(answer.body)).not.toContain(KEY);
  });
});
