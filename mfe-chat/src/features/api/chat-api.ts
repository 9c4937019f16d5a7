import {
  apiRoutes,
  archiveAllResponseSchema,
  chatSettingsSchema,
  conversationListResponseSchema,
  conversationSchema,
  createStreamParser,
  messageListResponseSchema,
  messageSchema,
  type Conversation,
  type StreamEvent,
} from '@noek/contracts';
import { apiCall, apiSend, apiVoid } from '@noek/ui';

/**
 * The chat calls of spec §7 (and ours: reply stream, stop, retry, settings), through the one API
 * client (@noek/ui) on contracts' apiRoutes: cookies travel, any non-2xx is an ApiError with the
 * spec's "{status}: {body}" message, a call that never reached the server a NetworkError.
 */
export const CONVERSATIONS_PAGE_SIZE = 50;

const r = apiRoutes.conversations;
const id = (conversationId: number) => ({ params: { id: conversationId } });
const conversation = (v: unknown) => conversationSchema.parse(v);

export const chatApi = {
  list: (page: number) =>
    apiCall(r.list, {
      query: { limit: CONVERSATIONS_PAGE_SIZE, offset: page * CONVERSATIONS_PAGE_SIZE },
      parse: (v) => conversationListResponseSchema.parse(v),
    }),
  get: (conversationId: number) => apiCall(r.conversation, { ...id(conversationId), parse: conversation }),
  archived: () => apiCall(r.archived, { parse: (v) => conversationListResponseSchema.parse(v) }),
  create: (userId: string, title = 'New Chat') =>
    apiCall(r.create, { body: { title, userId }, parse: conversation }),
  rename: (conversationId: number, title: string) =>
    apiCall(r.update, { ...id(conversationId), body: { title }, parse: conversation }),
  remove: (conversationId: number) => apiVoid(r.remove, id(conversationId)),
  archive: (conversationId: number) => apiCall(r.archive, { ...id(conversationId), parse: conversation }),
  unarchive: (conversationId: number) => apiCall(r.unarchive, { ...id(conversationId), parse: conversation }),
  archiveAll: () => apiCall(r.archiveAll, { parse: (v) => archiveAllResponseSchema.parse(v) }),
  messages: (conversationId: number) =>
    apiCall(r.messages, { ...id(conversationId), parse: (v) => messageListResponseSchema.parse(v) }),
  settings: () => apiCall(r.settings, { parse: (v) => chatSettingsSchema.parse(v) }),
  stop: (conversationId: number, messageId: number) =>
    apiCall(r.stopMessage, {
      params: { id: conversationId, messageId },
      parse: (v) => messageSchema.parse(v),
    }),
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
