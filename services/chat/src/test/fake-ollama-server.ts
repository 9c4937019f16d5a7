import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server';

/**
 * A local Ollama as chat sees one: GET /api/tags lists its models, /v1 is its OpenAI-compatible API
 * (chat completions, /v1/models). `origin` is what OLLAMA_URL would be set to.
 */
export interface FakeOllama extends FakeOpenAi {
  origin: string;
}

export async function startFakeOllama(models = ['llama3.2:1b'], port = 0): Promise<FakeOllama> {
  const fake = await startFakeOpenAi(port, { chunks: ['Hi', ' from', ' Ollama'] }, { models, ollama: true });
  return Object.assign(fake, { origin: fake.url.replace(/\/v1$/, '') });
}
