import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai-server';
import { ModelError, modelMessages, type ModelFailureKind } from './model.types';
import { createOpenAiProvider } from './openai-provider';

const SECRET = 'sk-live-very-secret-key-123';
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

async function failureOf(
  baseURL: string,
  apiKey = 'test',
): Promise<{ err: ModelError; counted: ModelFailureKind[] }> {
  const counted: ModelFailureKind[] = [];
  const provider = createOpenAiProvider({
    apiKey,
    baseURL,
    model: 'fake-model',
    requestTimeoutMs: 1_000,
    idleTimeoutMs: 1_000,
    maxRetries: 0,
    onFailure: (kind) => counted.push(kind),
  });
  try {
    for await (const _ of provider.stream([{ role: 'user', content: 'hi' }], AbortSignal.timeout(5_000))) {
      // nothing
    }
  } catch (err) {
    expect(err).toBeInstanceOf(ModelError);
    return { err: err as ModelError, counted };
  }
  throw new Error('the call did not fail');
}

describe('each model failure is told apart, in our words, and counted', () => {
  const cases: [string, Parameters<typeof startFakeOpenAi>[1], ModelFailureKind][] = [
    [
      'a refused key',
      {
        chunks: [],
        failStatus: 401,
        failError: { message: `Incorrect API key provided: ${SECRET}`, code: 'invalid_api_key' },
      },
      'unauthorized',
    ],
    [
      'an unknown model',
      {
        chunks: [],
        failStatus: 404,
        failError: { message: 'The model `x` does not exist', code: 'model_not_found' },
      },
      'unknown-model',
    ],
    [
      'an upstream rate limit',
      { chunks: [], failStatus: 429, failError: { message: 'Rate limit reached' } },
      'rate-limited',
    ],
    [
      'a prompt over the context window (OpenAI)',
      {
        chunks: [],
        failStatus: 400,
        failError: {
          message: "This model's maximum context length is 8192 tokens",
          code: 'context_length_exceeded',
        },
      },
      'context-too-long',
    ],
    [
      'a prompt over the context window (llama.cpp)',
      {
        chunks: [],
        failStatus: 400,
        failError: {
          message: 'the request exceeds the available context size, try increasing the context size',
        },
      },
      'context-too-long',
    ],
    [
      'a server error',
      { chunks: [], failStatus: 500, failError: { message: `internal error near key ${SECRET}` } },
      'upstream',
    ],
  ];
  for (const [name, script, kind] of cases) {
    it(name, async () => {
      fake.script = script!;
      const { err, counted } = await failureOf(fake.url);
      expect(err.kind).toBe(kind);
      expect(err.userMessage).toBe(modelMessages[kind]);
      expect(err.userMessage).not.toContain(SECRET);
      expect(counted).toEqual([kind]);
    });
  }

  it('a provider that is not running', async () => {
    const dead = await startFakeOpenAi();
    await dead.close();
    const { err, counted } = await failureOf(dead.url);
    expect(err.kind).toBe('unreachable');
    expect(err.userMessage).toBe(modelMessages.unreachable);
    expect(counted).toEqual(['unreachable']);
  });

  it('gives every kind its own message', () => {
    expect(new Set(Object.values(modelMessages)).size).toBe(Object.keys(modelMessages).length);
  });
});
