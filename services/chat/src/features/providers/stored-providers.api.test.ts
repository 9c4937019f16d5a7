import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProviderList, AdminProviderResponse, ModelList } from '@noek/contracts';
import {
  readEvents,
  startChatHarness,
  terminal,
  tokensOf,
  userClient,
  type ChatHarness,
} from '../../test/chat-api-harness';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai-server';

const KEY = 'sk-lab-secret-key-9876';

// Nothing configured by environment: the models come from the providers admins store.
let h: ChatHarness;
let lab: FakeOpenAi;
const answers: string[] = [];
beforeAll(async () => {
  lab = await startFakeOpenAi(
    0,
    { chunks: ['Written', ' by', ' lab'] },
    { models: ['lab-small', 'lab-large'], apiKey: KEY },
  );
  h = await startChatHarness({
    config: () => ({
      OPENAI_API_KEY: undefined,
      OPENAI_BASE_URL: undefined,
      PROVIDER_SECRET_KEY: 'an-api-test-secret-of-at-least-32-characters',
      // A listing on a loaded machine can take over the harness's 1 s: health here is about the key.
      MODEL_LIST_TIMEOUT_MS: 10_000,
    }),
  });
});
afterAll(async () => {
  await h?.close();
  await lab?.close();
});

/** An admin's call to chat's provider API; every answer is kept to check no key is ever in one. */
async function asAdmin<T>(method: string, path: string, body?: unknown) {
  const res = await userClient(h, 'admin').call(method, path, body);
  const text = await res.text();
  answers.push(text);
  return { status: res.status, body: JSON.parse(text) as T };
}

describe('providers stored by admins', () => {
  it('are for admins only', async () => {
    const user = userClient(h, 'basic');
    expect((await user.call('GET', '/internal/providers')).status).toBe(403);
    expect(
      (await user.call('POST', '/internal/providers', { id: 'x', name: 'x', baseUrl: lab.url })).status,
    ).toBe(403);
    expect((await fetch(`${h.url}/internal/providers`)).status).toBe(401);
  });

  it('an added provider is listed at once, its models offered to users and writing their replies', async () => {
    const created = await asAdmin<AdminProviderResponse>('POST', '/internal/providers', {
      id: 'lab',
      name: 'GPU lab',
      baseUrl: lab.url,
      apiKey: KEY,
    });
    expect(created.status).toBe(201);
    expect(created.body.provider).toMatchObject({
      id: 'lab',
      name: 'GPU lab',
      source: 'stored',
      apiKey: { set: true, last4: '9876' },
      enabled: true,
      health: 'up',
      modelCount: 2,
    });
    expect(created.body.provider.checkedAt).not.toBeNull();

    const a = userClient(h);
    const models = (await a.json<ModelList>('GET', '/api/conversations/models')).body;
    expect(models.models.map((m) => m.id)).toEqual(['lab/lab-small', 'lab/lab-large']);
    expect(models.defaultModelId).toBe('lab/lab-small');

    const conv = await a.newConversation();
    await a.json('PATCH', `/api/conversations/${conv.id}/model`, { model: 'lab/lab-large' });
    const events = await readEvents(await a.send(conv.id, 'Hello'));
    expect(terminal(events)).toMatchObject({ type: 'done', assistantMessage: { model: 'lab/lab-large' } });
    expect(tokensOf(events)).toBe('Written by lab');
    expect(lab.requests.at(-1)?.body.model).toBe('lab-large');

    // Stored sealed: the table never holds the key itself.
    const row = await h.db.storedProvider.findUniqueOrThrow({ where: { id: 'lab' } });
    expect(row.apiKeyEncrypted).not.toContain(KEY);
    expect(row.apiKeyEncrypted).toMatch(/^v1\./);
  });

  it('an allow-list limits the models offered; a wrong key shows as refused', async () => {
    const limited = await asAdmin<AdminProviderResponse>('PATCH', '/internal/providers/lab', {
      models: ['lab-small'],
    });
    expect(limited.body.provider).toMatchObject({ models: ['lab-small'], modelCount: 1, health: 'up' });
    const a = userClient(h);
    expect(
      (await a.json<ModelList>('GET', '/api/conversations/models')).body.models.map((m) => m.id),
    ).toEqual(['lab/lab-small']);

    const wrong = await asAdmin<AdminProviderResponse>('PATCH', '/internal/providers/lab', {
      apiKey: 'sk-wrong-key-0000',
    });
    expect(wrong.body.provider).toMatchObject({
      health: 'unauthorized',
      apiKey: { set: true, last4: '0000' },
    });
    const list = await asAdmin<AdminProviderList>('GET', '/internal/providers');
    expect(list.body.providers.find((p) => p.id === 'lab')).toMatchObject({ health: 'unauthorized' });

    const fixed = await asAdmin<AdminProviderResponse>('PATCH', '/internal/providers/lab', {
      apiKey: KEY,
      models: [],
    });
    expect(fixed.body.provider).toMatchObject({ health: 'up', modelCount: 2 });
  });

  it('refuses a bad URL, a taken id and an unknown provider with clear errors', async () => {
    const bad = await asAdmin<{ code: string; fields: Record<string, string[]> }>(
      'POST',
      '/internal/providers',
      {
        id: 'broken',
        name: 'Broken',
        baseUrl: 'localhost:8000',
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields['body.baseUrl']?.[0]).toMatch(/starting with http:\/\/ or https:\/\//);
    const taken = await asAdmin('POST', '/internal/providers', {
      id: 'lab',
      name: 'Again',
      baseUrl: lab.url,
    });
    expect(taken).toMatchObject({ status: 409, body: { fields: { 'body.id': ['This id is taken'] } } });
    expect((await asAdmin('PATCH', '/internal/providers/none', { enabled: false })).status).toBe(404);
  });

  it('a disabled provider offers nothing; a deleted one is gone', async () => {
    const off = await asAdmin<AdminProviderResponse>('PATCH', '/internal/providers/lab', { enabled: false });
    expect(off.body.provider).toMatchObject({ enabled: false, modelCount: 0 });
    const a = userClient(h);
    expect((await a.json<ModelList>('GET', '/api/conversations/models')).body.models).toEqual([]);

    await asAdmin('PATCH', '/internal/providers/lab', { enabled: true });
    expect((await a.json<ModelList>('GET', '/api/conversations/models')).body.models).toHaveLength(2);
    expect((await asAdmin('DELETE', '/internal/providers/lab')).body).toEqual({ deleted: 'lab' });
    expect((await a.json<ModelList>('GET', '/api/conversations/models')).body.models).toEqual([]);
    expect((await asAdmin<AdminProviderList>('GET', '/internal/providers')).body.providers).toEqual([]);
    expect((await asAdmin('DELETE', '/internal/providers/lab')).status).toBe(404);
  });

  it('never puts the key in an answer or a log line', () => {
    expect(answers.length).toBeGreaterThan(5);
    for (const text of answers) expect(text).not.toContain(KEY);
    expect(JSON.stringify(h.logs())).not.toContain(KEY);
  });
});
