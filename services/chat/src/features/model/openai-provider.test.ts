import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai-server';
import { ModelError } from './model.types';
import { createOpenAiProvider } from './openai-provider';
import { createOfflineResponder, OFFLINE_REPLY } from './offline-responder';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const provider = (over: Partial<Parameters<typeof createOpenAiProvider>[0]> = {}) =>
  createOpenAiProvider({
    apiKey: 'test',
    baseURL: fake.url,
    model: 'fake-model',
    requestTimeoutMs: 500,
    idleTimeoutMs: 300,
    maxRetries: 0,
    ...over,
  });

async function collect(it: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const t of it) out.push(t);
  return out;
}

describe('openai provider against the fake server', () => {
  it('streams the deltas and sends the prompt', async () => {
    fake.script = { chunks: ['Hel', 'lo'] };
    const parts = await collect(
      provider().stream([{ role: 'user', content: 'hi' }], new AbortController().signal),
    );
    expect(parts).toEqual(['Hel', 'lo']);
    expect(fake.requests.at(-1)?.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      messages: [{ content: 'hi' }],
    });
  });

  it('reports an upstream failure as a ModelError after bounded retries', async () => {
    fake.script = { chunks: [], failStatus: 500 };
    const before = fake.requests.length;
    const err = await collect(provider({ maxRetries: 1 }).stream([], new AbortController().signal)).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ModelError);
    expect((err as ModelError).kind).toBe('upstream');
    expect(fake.requests.length - before).toBe(2);
  });

  it('times out a stalled stream and closes the upstream request', async () => {
    fake.script = { chunks: ['a', 'b', 'c'], stallAfter: 1 };
    const seen: string[] = [];
    const err = await (async () => {
      for await (const t of provider().stream([], new AbortController().signal)) seen.push(t);
    })().catch((e) => e);
    expect(seen).toEqual(['a']);
    expect((err as ModelError).kind).toBe('timeout');
    await expect.poll(() => fake.requests.at(-1)?.clientAborted).toBe(true);
  });

  it('times out slow headers', async () => {
    fake.script = { chunks: ['x'], headerDelayMs: 1500 };
    const err = await collect(
      provider({ requestTimeoutMs: 200 }).stream([], new AbortController().signal),
    ).catch((e) => e);
    expect((err as ModelError).kind).toBe('timeout');
  });

  it('aborts the upstream request when the caller stops', async () => {
    fake.script = { chunks: Array.from({ length: 50 }, () => 'x'), chunkDelayMs: 20 };
    const stop = new AbortController();
    const seen: string[] = [];
    const err = await (async () => {
      for await (const t of provider({ idleTimeoutMs: 5000 }).stream([], stop.signal)) {
        seen.push(t);
        if (seen.length === 3) stop.abort(new Error('stopped'));
      }
    })().catch((e) => e);
    expect(err).not.toBeInstanceOf(ModelError);
    expect(seen.length).toBeLessThan(50);
    await expect.poll(() => fake.requests.at(-1)?.clientAborted).toBe(true);
  });
});

describe('offline responder', () => {
  it('streams the labelled offline reply in full', async () => {
    const text = (await collect(createOfflineResponder(0).stream([], new AbortController().signal))).join('');
    expect(text).toBe(OFFLINE_REPLY);
    expect(text).toContain('no AI model is configured');
    expect(text).toContain('OPENAI_API_KEY');
  });
});

describe('offline responder pacing', () => {
  it('leaves no abort listener behind per word', async () => {
    const controller = new AbortController();
    let added = 0;
    let removed = 0;
    const { signal } = controller;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => (added++, add(...args))) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => (
      removed++,
      remove(...args)
    )) as typeof remove;
    await collect(createOfflineResponder(1).stream([], signal));
    expect(added).toBeGreaterThan(10);
    expect(removed).toBe(added);
  });
});
