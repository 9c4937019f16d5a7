/** One turn of the prompt sent to a model. */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Something that streams a reply as text deltas; aborting `signal` must end the upstream request. */
export interface ModelProvider {
  readonly kind: 'openai' | 'offline';
  stream(turns: ChatTurn[], signal: AbortSignal): AsyncIterable<string>;
}

export type ModelFailureKind = 'timeout' | 'upstream';

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

export const modelMessages = {
  timeout: 'The AI model stopped responding (timed out). Your message is saved: press Retry to try again.',
  upstream: 'The AI model returned an error. Your message is saved: press Retry to try again.',
} as const;
