import type { z } from 'zod';
import type { providerListEnv, ProviderSpec } from './provider-spec.schema';

export interface ProviderSettings {
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_MODEL: string;
  MODEL_PROVIDERS: z.output<typeof providerListEnv>;
  /** 'off', or where a local Ollama is looked for when nothing is configured. */
  OLLAMA_URL: string;
}

/** The id of the provider made of the OPENAI_* variables (kept as they worked before providers). */
export const ENV_PROVIDER_ID = 'openai';
export const LOCAL_PROVIDER_ID = 'ollama';

/**
 * The providers chat uses, in order of preference: the OPENAI_* one, then MODEL_PROVIDERS; with none
 * configured, a local Ollama (probed, so it counts only while it answers).
 */
export function providerSpecs(config: ProviderSettings): ProviderSpec[] {
  const specs: ProviderSpec[] = [];
  if (config.OPENAI_API_KEY) {
    specs.push({
      id: ENV_PROVIDER_ID,
      name: config.OPENAI_BASE_URL ? new URL(config.OPENAI_BASE_URL).host : 'OpenAI',
      type: 'openai',
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      defaultModel: config.OPENAI_MODEL,
      local: false,
    });
  }
  for (const p of config.MODEL_PROVIDERS) {
    if (specs.some((s) => s.id === p.id)) continue; // the OPENAI_* provider keeps its id
    specs.push({ ...p, name: p.name ?? p.id, local: false });
  }
  if (specs.length === 0 && config.OLLAMA_URL !== 'off') {
    specs.push({
      id: LOCAL_PROVIDER_ID,
      name: 'Ollama on this computer',
      type: 'ollama',
      baseUrl: config.OLLAMA_URL,
      local: true,
    });
  }
  return specs;
}
