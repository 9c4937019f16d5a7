import {
  apiRoutes,
  createStreamParser,
  type Conversation,
  type FeedbackRating,
  type PathMessage,
  type StreamEvent,
} from '@noek/contracts';
import { api, apiSend } from '@noek/ui';

/**
 * The chat calls of spec §7 (and ours: reply stream, stop, retry, settings), through the one API
 * client (@noek/ui) on contracts' apiRoutes: cookies travel, any non-2xx is an ApiError with the
 * spec's "{status}: {body}" message, a call that never reached the server a NetworkError.
 */
export const CONVERSATIONS_PAGE_SIZE = 50;

const r = apiRoutes.conversations;
const id = (conversationId: number) => ({ params: { id: conversationId } });

/** Method, path and the answer's parsing come from each contracts entry (`api`). */
export const chatApi = {
  list: (page: number) =>
    api(r.list, { query: { limit: CONVERSATIONS_PAGE_SIZE, offset: page * CONVERSATIONS_PAGE_SIZE } }),
  get: (conversationId: number) => api(r.conversation, id(conversationId)),
  archived: () => api(r.archived),
  create: (userId: string, title = 'New Chat') => api(r.create, { body: { title, userId } }),
  rename: (conversationId: number, title: string) =>
    api(r.update, { ...id(conversationId), body: { title } }),
  remove: (conversationId: number) => api(r.remove, id(conversationId)),
  archive: (conversationId: number) => api(r.archive, id(conversationId)),
  unarchive: (conversationId: number) => api(r.unarchive, id(conversationId)),
  archiveAll: () => api(r.archiveAll),
  /** The conversation's current path (the branch shown last, on any device), with each message's branch place. */
  messages: (conversationId: number): Promise<PathMessage[]> => api(r.messages, id(conversationId)),
  instructions: () => api(r.instructions),
  setInstructions: (customInstructions: string) =>
    api(r.updateInstructions, { body: { customInstructions } }),
  setSystemPrompt: (conversationId: number, systemPrompt: string) =>
    api(r.systemPrompt, { ...id(conversationId), body: { systemPrompt } }),
  /** Thumbs up/down (null takes it back) with an optional comment on a reply; answers what is stored. */
  rate: (conversationId: number, messageId: number, rating: FeedbackRating | null, comment?: string) =>
    api(r.messageFeedback, { params: { id: conversationId, messageId }, body: { rating, comment } }),
  /** 'Continue in a new chat': a new conversation with the path up to the message. */
  fork: (conversationId: number, messageId: number) =>
    api(r.forkConversation, { params: { id: conversationId, messageId }, body: {} }),
  /** Shows another version (sibling) of a message with its whole tail; answers the new path. */
  switchBranch: (conversationId: number, messageId: number, index: number) =>
    api(r.switchBranch, { params: { id: conversationId, messageId }, body: { index } }),
  settings: () => api(r.settings),
  /** The models the user may pick, and the default. */
  models: () => api(r.models),
  /** The conversation's model (and the user's default from then on); answers the conversation. */
  pickModel: (conversationId: number, model: string) =>
    api(r.pickModel, { ...id(conversationId), body: { model } }),
  stop: (conversationId: number, messageId: number) =>
    api(r.stopMessage, { params: { id: conversationId, messageId } }),
};

export type StreamHandler = (event: StreamEvent) => void;

/** Reads a reply stream to its end (or until `signal` aborts, which only detaches: the server goes on). */
async function consume(res: Response, onEvent: StreamHandler): Promise<void> {
  if (!res.body) return;
  const parse = createStreamParser();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    for (const event of parse(decoder.decode(value, { stream: true }))) onEvent(event);
  }
}

const sse = { Accept: 'text/event-stream' };

export const streamApi = {
  send: async (conversationId: number, content: string, onEvent: StreamHandler, signal: AbortSignal) =>
    consume(
      await apiSend(r.send, { ...id(conversationId), body: { content }, headers: sse, signal }),
      onEvent,
    ),
  edit: async (
    conversationId: number,
    messageId: number,
    content: string,
    onEvent: StreamHandler,
    signal: AbortSignal,
  ) =>
    consume(
      await apiSend(r.editMessage, {
        params: { id: conversationId, messageId },
        body: { content },
        headers: sse,
        signal,
      }),
      onEvent,
    ),
  regenerate: async (
    conversationId: number,
    messageId: number,
    onEvent: StreamHandler,
    signal: AbortSignal,
  ) =>
    consume(
      await apiSend(r.regenerateMessage, {
        params: { id: conversationId, messageId },
        body: {},
        headers: sse,
        signal,
      }),
      onEvent,
    ),
  continue: async (conversationId: number, messageId: number, onEvent: StreamHandler, signal: AbortSignal) =>
    consume(
      await apiSend(r.continueMessage, { params: { id: conversationId, messageId }, headers: sse, signal }),
      onEvent,
    ),
  retry: async (conversationId: number, messageId: number, onEvent: StreamHandler, signal: AbortSignal) =>
    consume(
      await apiSend(r.retryMessage, { params: { id: conversationId, messageId }, headers: sse, signal }),
      onEvent,
    ),
  follow: async (conversationId: number, messageId: number, onEvent: StreamHandler, signal: AbortSignal) =>
    consume(
      await apiSend(r.messageStream, { params: { id: conversationId, messageId }, headers: sse, signal }),
      onEvent,
    ),
};

export type { Conversation };
