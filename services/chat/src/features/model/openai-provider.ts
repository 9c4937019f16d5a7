import type OpenAI from 'openai';
import { withIdleTimeout } from './idle-timeout';
import { ModelError, modelMessages, type ChatTurn, type ModelProvider } from './model.types';

export interface OpenAiProviderOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Time to the response headers, per attempt (the SDK retries timeouts, 429 and 5xx). */
  requestTimeoutMs: number;
  /** Longest silence allowed between two streamed chunks (a stall). */
  idleTimeoutMs: number;
  maxRetries: number;
}

/** Any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM, llama.cpp) via the openai SDK. */
export function createOpenAiProvider(opts: OpenAiProviderOptions): ModelProvider {
  // The SDK loads on the first reply, not at start (the offline responder never needs it).
  let sdk: Promise<{ default: typeof OpenAI }> | undefined;
  let client: Promise<OpenAI> | undefined;
  const clientOnce = () =>
    (client ??= (sdk ??= import('openai')).then(
      ({ default: OpenAiSdk }) =>
        new OpenAiSdk({
          apiKey: opts.apiKey,
          baseURL: opts.baseURL,
          timeout: opts.requestTimeoutMs,
          maxRetries: opts.maxRetries,
        }),
    ));
  return {
    kind: 'openai',
    async *stream(turns: ChatTurn[], signal: AbortSignal) {
      // Our own controller, so a stall can abort the upstream request as well as the caller's Stop.
      const upstream = new AbortController();
      const forward = () => upstream.abort(signal.reason);
      if (signal.aborted) forward();
      signal.addEventListener('abort', forward, { once: true });
      try {
        const chunks = await (
          await clientOnce()
        ).chat.completions.create(
          { model: opts.model, messages: turns, stream: true },
          { signal: upstream.signal },
        );
        const timeoutError = () => {
          upstream.abort(new Error('idle timeout'));
          return new ModelError('timeout', modelMessages.timeout);
        };
        for await (const chunk of withIdleTimeout(chunks, opts.idleTimeoutMs, timeoutError)) {
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
        }
      } catch (err) {
        throw toModelError(err, signal, (await sdk)?.default);
      } finally {
        signal.removeEventListener('abort', forward);
      }
    },
  };
}

function toModelError(err: unknown, callerSignal: AbortSignal, sdk?: typeof OpenAI): unknown {
  if (err instanceof ModelError) return err;
  // The caller stopped us: not a model failure; let the caller see its own abort.
  if (callerSignal.aborted) return err;
  if (sdk && err instanceof sdk.APIConnectionTimeoutError) {
    return new ModelError('timeout', modelMessages.timeout, { cause: err });
  }
  return new ModelError('upstream', modelMessages.upstream, { cause: err });
}
