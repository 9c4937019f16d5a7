import type {
  Conversation,
  Message,
  StreamDoneEvent,
  StreamErrorEvent,
  StreamEvent,
  StreamStartedEvent,
} from '@noek/contracts';
import { SESSION_ENDED_MESSAGE } from '@noek/service-kit';

/**
 * The one place reply-stream frames (contracts chat/stream.schema.ts) are built: the send and retry
 * paths, the registry's terminal events and re-attach all take their frames from here.
 */
export const streamFrames = {
  started(
    userMessage: Message | null,
    assistantMessage: Message,
    conversation: Conversation,
  ): StreamStartedEvent {
    return { type: 'started', userMessage, assistantMessage, conversation };
  },
  snapshot(assistantMessage: Message): StreamEvent {
    return { type: 'snapshot', assistantMessage };
  },
  token(messageId: number, text: string): StreamEvent {
    return { type: 'token', messageId, text };
  },
  done(assistantMessage: Message, conversation?: Conversation): StreamDoneEvent {
    return conversation
      ? { type: 'done', assistantMessage, conversation }
      : { type: 'done', assistantMessage };
  },
  /** A failed or interrupted reply: the partial content is stored; Retry is offered. */
  error(assistantMessage: Message, message: string): StreamErrorEvent {
    return { type: 'error', assistantMessage, message, retryable: true };
  },
  /**
   * The stream of a session that was signed out or revoked: the reply goes on being written and stored
   * (status still `streaming`); this client must sign in again to follow it, so no Retry is offered.
   */
  sessionEnded(assistantMessage: Message): StreamErrorEvent {
    return { type: 'error', assistantMessage, message: SESSION_ENDED_MESSAGE, retryable: false };
  },
};
