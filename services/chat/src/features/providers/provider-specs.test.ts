import { describe, expect, it } from 'vitest';
import { providerListEnv } from './provider-spec.schema';
import { providerSpecs, type ProviderSettings } from './provider-specs';

const none: ProviderSettings = {
  OPENAI_MODEL: 'gpt-4o-mini',
  MODEL_PROVIDERS: [],
  OLLAMA_URL: 'http://127.0.0.1:11434',
};

describe('provider specs from config', () => {
  it('looks for a local Ollama when nothing is configured', () => {
    expect(providerSpecs(none)).toEqual([
      expect.objectContaining({
        id: 'ollama',
        type: 'ollama',
        baseUrl: 'http://127.0.0.1:11434',
        local: true,
      }),
    ]);
    expect(providerSpecs({ ...none, OLLAMA_URL: 'off' })).toEqual([]);
  });

  it('keeps the OPENAI_* variables as the first provider, with its model as the default', () => {
    const specs = providerSpecs({
      ...none,
      OPENAI_API_KEY: 'sk-1',
      OPENAI_BASE_URL: 'http://gpu-1:8000/v1',
      OPENAI_MODEL: 'llama3.1',
      MODEL_PROVIDERS: providerListEnv.parse('[{"id":"router","baseUrl":"http://r/v1","apiKey":"k"}]'),
    });
    expect(specs.map((s) => [s.id, s.name, s.defaultModel, s.local])).toEqual([
      ['openai', 'gpu-1:8000', 'llama3.1', false],
      ['router', 'router', undefined, false],
    ]);
  });

  it('refuses MODEL_PROVIDERS that is not a list of providers with distinct ids', () => {
    expect(providerListEnv.safeParse('not json').success).toBe(false);
    expect(providerListEnv.safeParse('[{"id":"a","baseUrl":"x"}]').success).toBe(false);
    expect(providerListEnv.safeParse('[{"id":"a"},{"id":"a"}]').success).toBe(false);
    expect(providerListEnv.parse('[{"id":"lab","type":"ollama","baseUrl":"http://lab:11434"}]')).toEqual([
      { id: 'lab', type: 'ollama', baseUrl: 'http://lab:11434' },
    ]);
  });
});
