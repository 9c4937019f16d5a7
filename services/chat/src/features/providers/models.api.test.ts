import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSettings, Conversation, Message, ModelList } from '@noek/contracts';
import {
  readEvents,
  startChatHarness,
  terminal,
  tokensOf,
  userClient,
  type ChatHarness,
} from '../../test/chat-api-harness';
import { startFakeOllama, type FakeOllama } from '../../test/fake-ollama-server';
import { modelMessages } from '../model/model.types';
import { OFFLINE_REPLY } from '../model/offline-responder';
import { modelUnavailableMessage } from './model-errors';

// Nothing configured (no OPENAI_API_KEY, no MODEL_PROVIDERS): chat looks for a local Ollama by itself.
let h: ChatHarness;
let ollama: FakeOllama;
beforeAll(async () => {
  ollama = await startFakeOllama(['llama3.2:1b', 'qwen2.5:0.5b']);
  h = await startChatHarness({
    config: () => ({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, OLLAMA_URL: ollama.origin }),
  });
});
afterAll(async () => {
  await h?.close();
  await ollama?.close();
});

describe('a local Ollama with nothing configured', () => {
  it('lists its models, answers in place of the offline responder and says so', async () => {
    const a = userClient(h);
    await expect
      .poll(async () => (await a.json<ModelList>('GET', '/api/conversations/models')).body.defaultModelId)
      .toBe('ollama/llama3.2:1b');
    const list = (await a.json<ModelList>('GET', '/api/conversations/models')).body;
    expect(list.models.map((m) => m.id)).toEqual(['ollama/llama3.2:1b', 'ollama/qwen2.5:0.5b']);
    expect(list.models[0]?.provider).toEqual({
      id: 'ollama',
      name: 'Ollama on this computer',
      local: true,
      health: 'up',
    });
    // Browsers never learn where a provider is.
    expect(JSON.stringify(list)).not.toContain(ollama.origin);

    const settings = (await a.json<ChatSettings>('GET', '/api/conversations/settings')).body;
    expect(settings.model).toBe('openai');
    expect(settings.answeredBy).toEqual({
      id: 'ollama/llama3.2:1b',
      name: 'llama3.2:1b',
      provider: 'Ollama on this computer',
      local: true,
    });

    const lists = ollama.listRequests;
    const conv = await a.newConversation();
    const events = await readEvents(await a.send(conv.id, 'Hello'));
    expect(terminal(events)?.type).toBe('done');
    expect(tokensOf(events)).toBe('Hi from Ollama');
    expect(ollama.requests.at(-1)?.body.model).toBe('llama3.2:1b');
    // The send path asked for no model list.
    expect(ollama.listRequests).toBe(lists);
  });

  it('a picked model writes the replies of its conversation, is remembered and recorded on each reply', async () => {
    const a = userClient(h);
    const conv = await a.newConversation();
    const picked = await a.json<Conversation>('PATCH', `/api/conversations/${conv.id}/model`, {
      model: 'ollama/qwen2.5:0.5b',
    });
    expect(picked).toMatchObject({ status: 200, body: { id: conv.id, model: 'ollama/qwen2.5:0.5b' } });
    const events = await readEvents(await a.send(conv.id, 'Hello'));
    expect(terminal(events)).toMatchObject({
      type: 'done',
      assistantMessage: { model: 'ollama/qwen2.5:0.5b' },
    });
    expect(ollama.requests.at(-1)?.body.model).toBe('qwen2.5:0.5b');
    // Remembered: the user's next conversation starts with it.
    expect((await a.json<ModelList>('GET', '/api/conversations/models')).body.defaultModelId).toBe(
      'ollama/qwen2.5:0.5b',
    );
    const next = await a.newConversation();
    await readEvents(await a.send(next.id, 'Hi'));
    const [, reply] = (await a.json<Message[]>('GET', `/api/conversations/${next.id}/messages`)).body;
    expect(reply).toMatchObject({ role: 'assistant', model: 'ollama/qwen2.5:0.5b' });

    // A model no provider offers cannot be picked.
    const refused = await a.json<{ code: string }>('PATCH', `/api/conversations/${conv.id}/model`, {
      model: 'ollama/none',
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'MODEL_UNAVAILABLE' } });
  });

  it('a model that disappears keeps its replies and the user is asked to pick another', async () => {
    const a = userClient(h);
    const conv = await a.newConversation();
    await a.json('PATCH', `/api/conversations/${conv.id}/model`, { model: 'ollama/qwen2.5:0.5b' });
    await readEvents(await a.send(conv.id, 'Hello'));
    ollama.catalog.models = ['llama3.2:1b'];
    await h.service.ctx.catalog.refresh();
    try {
      const res = await a.call('POST', `/api/conversations/${conv.id}/messages`, { content: 'again' });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'MODEL_UNAVAILABLE',
        message: modelUnavailableMessage('ollama/qwen2.5:0.5b'),
      });
      const messages = (await a.json<Message[]>('GET', `/api/conversations/${conv.id}/messages`)).body;
      expect(messages.map((m) => [m.role, m.model])).toEqual([
        ['user', null],
        ['assistant', 'ollama/qwen2.5:0.5b'],
      ]);
      // Picking another lets the conversation go on.
      await a.json('PATCH', `/api/conversations/${conv.id}/model`, { model: 'ollama/llama3.2:1b' });
      expect(terminal(await readEvents(await a.send(conv.id, 'again')))?.type).toBe('done');
    } finally {
      ollama.catalog.models = ['llama3.2:1b', 'qwen2.5:0.5b'];
      await h.service.ctx.catalog.refresh();
    }
  });

  it('an upstream rate limit ends the reply with its own message and is counted', async () => {
    ollama.script = { chunks: [], failStatus: 429, failError: { message: 'slow down' } };
    try {
      const a = userClient(h);
      const conv = await a.newConversation();
      const end = terminal(await readEvents(await a.send(conv.id, 'Hello')));
      expect(end).toMatchObject({
        type: 'error',
        message: modelMessages['rate-limited'],
        assistantMessage: { status: 'failed' },
      });
      const metrics = await (await fetch(`${h.url}/metrics`)).text();
      expect(metrics).toMatch(
        /noek_model_failures_total\{[^}]*provider="ollama"[^}]*kind="rate-limited"[^}]*\} [1-9]/,
      );
    } finally {
      ollama.script = { chunks: ['Hi', ' from', ' Ollama'] };
    }
  });

  it('steps aside for the offline responder once the local Ollama stops answering', async () => {
    await ollama.close();
    await h.service.ctx.catalog.refresh();
    const a = userClient(h);
    expect((await a.json<ModelList>('GET', '/api/conversations/models')).body).toEqual({
      models: [],
      defaultModelId: null,
    });
    const settings = (await a.json<ChatSettings>('GET', '/api/conversations/settings')).body;
    expect(settings).toMatchObject({ model: 'offline', answeredBy: null });
    const conv = await a.newConversation();
    const events = await readEvents(await a.send(conv.id, 'Hello'));
    expect(tokensOf(events)).toBe(OFFLINE_REPLY);
  });
});
