import { captureLogger } from '@noek/service-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOllama } from '../../test/fake-ollama-server';
import { startFakeOpenAi } from '../../test/fake-openai-server';
import { createOfflineResponder } from '../model/offline-responder';
import { createCatalogProvider } from './catalog-provider';
import { listModels } from './list-models';
import { ProviderCatalog } from './provider-catalog';
import type { ProviderSpec } from './provider-spec.schema';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function catalogOf(specs: ProviderSpec[]) {
  const catalog = new ProviderCatalog({
    specs,
    listModels,
    listTimeoutMs: 1_000,
    refreshMs: 60_000,
    call: { requestTimeoutMs: 1_000, idleTimeoutMs: 1_000, maxRetries: 0 },
    logger: captureLogger().logger,
  });
  closers.push(async () => catalog.stop());
  return catalog;
}

const openAiSpec = (id: string, baseUrl: string, over: Partial<ProviderSpec> = {}): ProviderSpec => ({
  id,
  name: id,
  type: 'openai',
  baseUrl,
  apiKey: 'sk-right',
  local: false,
  ...over,
});

async function collect(it: AsyncIterable<string>) {
  let text = '';
  for await (const t of it) text += t;
  return text;
}

describe('provider catalog', () => {
  it('lists every provider with the real SDK and ids them by provider', async () => {
    const a = await startFakeOpenAi(0, { chunks: ['A'] }, { models: ['gpt-x', 'gpt-y'], apiKey: 'sk-right' });
    const b = await startFakeOpenAi(0, { chunks: ['B'] }, { models: ['org/model:7b'] });
    closers.push(a.close, b.close);
    const catalog = catalogOf([openAiSpec('a', a.url), openAiSpec('vllm', b.url, { apiKey: undefined })]);
    await catalog.start();
    expect(catalog.models().map((m) => [m.id, m.health])).toEqual([
      ['a/gpt-x', 'up'],
      ['a/gpt-y', 'up'],
      ['vllm/org/model:7b', 'up'],
    ]);
    expect(catalog.defaultModel()?.id).toBe('a/gpt-x');
    expect(
      await collect(
        catalog.callerFor(catalog.find('vllm/org/model:7b')!).stream([], AbortSignal.timeout(2_000)),
      ),
    ).toBe('B');
    expect(b.requests.at(-1)?.body.model).toBe('org/model:7b');
  });

  it('marks a refused key unauthorized and an unreachable server down, keeping the configured default', async () => {
    const a = await startFakeOpenAi(0, undefined, { models: ['gpt-x'], apiKey: 'sk-right' });
    const dead = await startFakeOpenAi();
    await dead.close();
    closers.push(a.close);
    const catalog = catalogOf([
      openAiSpec('wrong', a.url, { apiKey: 'sk-wrong-secret', defaultModel: 'gpt-x' }),
      openAiSpec('gone', dead.url),
    ]);
    await catalog.start();
    expect(catalog.health().map((h) => [h.spec.id, h.health])).toEqual([
      ['wrong', 'unauthorized'],
      ['gone', 'down'],
    ]);
    // Nothing answers: the configured default is still tried (and fails clearly), never silently offline.
    expect(catalog.defaultModel()?.id).toBe('wrong/gpt-x');
  });

  it('uses a configured default before the first listing and prefers an answering provider after it', async () => {
    const up = await startFakeOpenAi(0, undefined, { models: ['m1'] });
    const dead = await startFakeOpenAi();
    await dead.close();
    closers.push(up.close);
    const catalog = catalogOf([
      openAiSpec('first', dead.url, { defaultModel: 'd' }),
      openAiSpec('second', up.url),
    ]);
    expect(catalog.defaultModel()?.id).toBe('first/d');
    await catalog.start();
    expect(catalog.defaultModel()?.id).toBe('second/m1');
  });

  it('finds a local Ollama when it starts, hands back to the offline responder when it stops', async () => {
    const ollama = await startFakeOllama(['llama3.2:1b', 'qwen2.5:0.5b']);
    const origin = ollama.origin;
    await ollama.close();
    const catalog = catalogOf([
      { id: 'ollama', name: 'Ollama on this computer', type: 'ollama', baseUrl: origin, local: true },
    ]);
    const provider = createCatalogProvider(catalog, createOfflineResponder(0));
    await catalog.start();
    expect(provider.kind).toBe('offline');
    expect(catalog.models()).toEqual([]);

    const port = Number(new URL(origin).port);
    const again = await startFakeOllama(['llama3.2:1b', 'qwen2.5:0.5b'], port);
    closers.push(again.close);
    await catalog.refresh();
    expect(provider.kind).toBe('openai');
    expect(catalog.models().map((m) => m.id)).toEqual(['ollama/llama3.2:1b', 'ollama/qwen2.5:0.5b']);
    expect(
      await collect(provider.stream([{ role: 'user', content: 'hi' }], AbortSignal.timeout(2_000))),
    ).toBe('Hi from Ollama');
    expect(again.requests.at(-1)?.body.model).toBe('llama3.2:1b');

    await again.close();
    closers.pop();
    await catalog.refresh();
    expect(provider.kind).toBe('offline');
  });

  it('answers the send path from memory: no listing per reply', async () => {
    const a = await startFakeOpenAi(0, { chunks: ['x'] }, { models: ['m'] });
    closers.push(a.close);
    const catalog = catalogOf([openAiSpec('a', a.url)]);
    await catalog.start();
    const provider = createCatalogProvider(catalog, createOfflineResponder(0));
    const lists = a.listRequests;
    for (let i = 0; i < 3; i++) await collect(provider.stream([], AbortSignal.timeout(2_000)));
    expect(a.listRequests).toBe(lists);
    expect(a.requests).toHaveLength(3);
  });
});
