import type { ModelProvider } from './model.types';

/** Clearly labelled as offline: says no model is configured and how to configure one (decisions.md). */
export const OFFLINE_REPLY = [
  '**Offline assistant** (no AI model is configured)',
  '',
  'This is an automatic reply, not an answer to your message: this Noek server has no AI model configured.',
  '',
  'To connect one, set these variables for the chat service and restart it:',
  '',
  '- `OPENAI_API_KEY`: your API key (any non-empty value for a local server)',
  '- `OPENAI_BASE_URL`: optional, an OpenAI-compatible server such as Ollama (`http://localhost:11434/v1`), vLLM or llama.cpp',
  '- `OPENAI_MODEL`: optional, the model name (for example `gpt-4o-mini` or `llama3.1`)',
  '',
  'Or run Ollama on this computer (`http://127.0.0.1:11434`) with a model pulled: Noek finds it by itself within a minute.',
].join('\n');

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    // One listener per word, removed when the word is due: the signal lives as long as the reply.
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Streams OFFLINE_REPLY word by word, `delayMs` apart, so the UI shows it like a real reply. */
export function createOfflineResponder(delayMs: number): ModelProvider {
  return {
    kind: 'offline',
    async *stream(_turns, signal) {
      const pieces = OFFLINE_REPLY.split(/(?<=\s)/);
      for (const piece of pieces) {
        if (delayMs > 0) await sleep(delayMs, signal);
        else if (signal.aborted) throw signal.reason;
        yield piece;
      }
    },
  };
}
