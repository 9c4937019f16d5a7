import type OpenAI from 'openai';
import { withIdleTimeout } from './idle-timeout';
import {
  ModelError,
  modelMessages,
  type ChatTurn,
  type ModelFailureKind,
  type ModelProvider,
  type TokenUsage,
} from './model.types';

export interface OpenAiProviderOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Time to the response headers, per attempt (the SDK retries timeouts, 429 and 5xx). */
  requestTimeoutMs: number;
  /** Longest silence allowed between two streamed chunks (a stall). */
  idleTimeoutMs: number;
  maxRetries: number;
  /** Counts each failure by kind (a metric). */
  onFailure?: (kind: ModelFailureKind) => void;
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
    async *stream(turns: ChatTurn[], signal: AbortSignal, onUsage?: (usage: TokenUsage) => void) {
      // Our own controller, so a stall can abort the upstream request as well as the caller's Stop.
      const upstream = new AbortController();
      const forward = () => upstream.abort(signal.reason);
      if (signal.aborted) forward();
      signal.addEventListener('abort', forward, { once: true });
      try {
        const chunks = await (
          await clientOnce()
        ).chat.completions.create(
          // The usage arrives in a last chunk with no choices (servers that ignore the option send none).
          { model: opts.model, messages: turns, stream: true, stream_options: { include_usage: true } },
          { signal: upstream.signal },
        );
        const timeoutError = () => {
          upstream.abort(new Error('idle timeout'));
          return new ModelError('timeout', modelMessages.timeout);
        };
        for await (const chunk of withIdleTimeout(chunks, opts.idleTimeoutMs, timeoutError)) {
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
          if (chunk.usage)
            onUsage?.({ prompt: chunk.usage.prompt_tokens, completion: chunk.usage.completion_tokens });
        }
      } catch (err) {
        const failure = toModelError(err, signal, (await sdk)?.default);
        if (failure instanceof ModelError) opts.onFailure?.(failure.kind);
        throw failure;
      } finally {
        signal.removeEventListener('abort', forward);
      }
    },
  };
}

/** Over the model's context window, as OpenAI, vLLM, llama.cpp and Ollama word it. */
const CONTEXT_TOO_LONG =
  /context[ _-]?(length|window|size)|maximum context|too many tokens|prompt is too long/i;

function failureKind(err: unknown, sdk: typeof OpenAI): ModelFailureKind {
  if (err instanceof sdk.APIConnectionTimeoutError) return 'timeout';
  if (err instanceof sdk.APIConnectionError) return 'unreachable';
  if (err instanceof sdk.AuthenticationError || err instanceof sdk.PermissionDeniedError)
    return 'unauthorized';
  if (err instanceof sdk.RateLimitError) return 'rate-limited';
  if (err instanceof sdk.APIError) {
    const code = typeof err.code === 'string' ? err.code : '';
    if (code === 'context_length_exceeded' || err.status === 413 || CONTEXT_TOO_LONG.test(err.message))
      return 'context-too-long';
    if (err instanceof sdk.NotFoundError || code === 'model_not_found') return 'unknown-model';
  }
  return 'upstream';
}

function toModelError(err: unknown, callerSignal: AbortSignal, sdk?: typeof OpenAI): unknown {
  if (err instanceof ModelError) return err;
  // The caller stopped us: not a model failure; let the caller see its own abort.
  if (callerSignal.aborted) return err;
  const kind = sdk ? failureKind(err, sdk) : 'upstream';
  return new ModelError(kind, modelMessages[kind], { cause: err });
}
