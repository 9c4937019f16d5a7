import type OpenAI from 'openai';
import { z } from 'zod';
import type { ProviderSpec } from './provider-spec.schema';

/** Ollama's GET /api/tags (only what chat uses of it). */
const ollamaTagsSchema = z.object({ models: z.array(z.object({ name: z.string().min(1) })) });

export type ProviderHealth = 'unknown' | 'up' | 'down' | 'unauthorized';

/** A listing that failed: `unauthorized` when the endpoint refused the key, else `down`. */
export class ProviderListError extends Error {
  constructor(
    readonly health: 'down' | 'unauthorized',
    options?: { cause?: unknown },
  ) {
    super(
      health === 'unauthorized' ? 'the provider refused its API key' : 'the provider did not answer',
      options,
    );
    this.name = 'ProviderListError';
  }
}

/** The OpenAI-compatible base URL of a provider (Ollama serves one under /v1). */
export function chatBaseUrl(spec: ProviderSpec): string | undefined {
  if (spec.type === 'ollama') return `${(spec.baseUrl ?? '').replace(/\/+$/, '')}/v1`;
  return spec.baseUrl;
}

/** Local servers accept any key, the SDK requires one. */
export const apiKeyOf = (spec: ProviderSpec) => spec.apiKey ?? 'none';

let sdk: Promise<{ default: typeof OpenAI }> | undefined;
const loadSdk = () => (sdk ??= import('openai'));

async function listOllama(spec: ProviderSpec, timeoutMs: number): Promise<string[]> {
  const url = new URL('/api/tags', spec.baseUrl);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderListError('down', { cause: err });
  }
  if (res.status === 401 || res.status === 403) throw new ProviderListError('unauthorized');
  if (!res.ok) throw new ProviderListError('down', { cause: new Error(`status ${res.status}`) });
  const parsed = ollamaTagsSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new ProviderListError('down', { cause: parsed.error });
  return parsed.data.models.map((m) => m.name);
}

async function listOpenAi(spec: ProviderSpec, timeoutMs: number): Promise<string[]> {
  const { default: Sdk } = await loadSdk();
  const client = new Sdk({
    apiKey: apiKeyOf(spec),
    baseURL: chatBaseUrl(spec),
    timeout: timeoutMs,
    maxRetries: 0,
  });
  try {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    return ids;
  } catch (err) {
    const refused = err instanceof Sdk.AuthenticationError || err instanceof Sdk.PermissionDeniedError;
    throw new ProviderListError(refused ? 'unauthorized' : 'down', { cause: err });
  }
}

/** The provider's models, asked of the provider itself; throws ProviderListError. */
export function listModels(spec: ProviderSpec, timeoutMs: number): Promise<string[]> {
  return spec.type === 'ollama' ? listOllama(spec, timeoutMs) : listOpenAi(spec, timeoutMs);
}
