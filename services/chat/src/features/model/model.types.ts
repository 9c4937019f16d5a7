/** One turn of the prompt sent to a model. */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Tokens one reply cost: the prompt sent and the completion written. */
export interface TokenUsage {
  prompt: number;
  completion: number;
}

/**
 * Something that streams a reply as text deltas; aborting `signal` must end the upstream request.
 * `onUsage` hears the provider's own token count when it reports one (at the end of the stream).
 */
export interface ModelProvider {
  readonly kind: 'openai' | 'offline';
  stream(
    turns: ChatTurn[],
    signal: AbortSignal,
    onUsage?: (usage: TokenUsage) => void,
  ): AsyncIterable<string>;
}

/**
 * Why a model call failed, each told to the user in its own words (and counted by kind): `unreachable`
 * the provider did not answer, `unauthorized` it refused its key, `unknown-model` it does not know the
 * model, `rate-limited` it asks us to slow down, `context-too-long` the prompt is over the model's window.
 */
export type ModelFailureKind =
  | 'timeout'
  | 'upstream'
  | 'unreachable'
  | 'unauthorized'
  | 'unknown-model'
  | 'rate-limited'
  | 'context-too-long';

/** A model call that failed or stalled; `userMessage` is what the chat screen shows. */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelFailureKind,
    readonly userMessage: string,
    options?: { cause?: unknown },
  ) {
    super(userMessage, options);
    this.name = 'ModelError';
  }
}

/** Fixed texts: nothing of the provider's own error (which may quote a key or an address) reaches users. */
export const modelMessages = {
  timeout: 'The AI model stopped responding (timed out). Your message is saved: press Retry to try again.',
  upstream: 'The AI model returned an error. Your message is saved: press Retry to try again.',
  unreachable: "The AI model's server could not be reached. Your message is saved: press Retry to try again.",
  unauthorized:
    "The AI model's server refused this Noek server's API key. An administrator needs to check it; your message is saved.",
  'unknown-model':
    'The AI model is not known to its server (it may have been removed). Pick another model; your message is saved.',
  'rate-limited':
    "The AI model's server is limiting how fast Noek may ask it. Wait a moment, then press Retry.",
  'context-too-long':
    'This conversation is too long for the AI model. Start a new chat, or pick a model that takes longer conversations.',
} as const satisfies Record<ModelFailureKind, string>;
