import {
  apiError,
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

/**
 * The chat calls of spec §7 (and ours: reply stream, stop, retry, settings). Cookies always travel; any
 * non-2xx becomes ApiError with the spec's "{status}: {body}" message and our parsed error body.
 */
export const CONVERSATIONS_PAGE_SIZE = 50;

async function call(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    ...init,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers ?? {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw apiError(res.status, await res.text().catch(() => ''), res.statusText);
  return res;
}

const json = async <T>(res: Response, parse: (v: unknown) => T): Promise<T> => parse(await res.json());
const base = '/api/conversations';

export const chatApi = {
  list: async (page: number) =>
    json(
      await call('GET', `${base}?limit=${CONVERSATIONS_PAGE_SIZE}&offset=${page * CONVERSATIONS_PAGE_SIZE}`),
      (v) => conversationListResponseSchema.parse(v),
    ),
  get: async (id: number) => json(await call('GET', `${base}/${id}`), (v) => conversationSchema.parse(v)),
  archived: async () =>
    json(await call('GET', `${base}/archived`), (v) => conversationListResponseSchema.parse(v)),
  create: async (userId: string, title = 'New Chat') =>
    json(await call('POST', base, { title, userId }), (v) => conversationSchema.parse(v)),
  rename: async (id: number, title: string) =>
    json(await call('PATCH', `${base}/${id}`, { title }), (v) => conversationSchema.parse(v)),
  remove: async (id: number) => void (await call('DELETE', `${base}/${id}`)),
  archive: async (id: number) =>
    json(await call('POST', `${base}/${id}/archive`), (v) => conversationSchema.parse(v)),
  unarchive: async (id: number) =>
    json(await call('POST', `${base}/${id}/unarchive`), (v) => conversationSchema.parse(v)),
  archiveAll: async () =>
    json(await call('POST', `${base}/archive-all`), (v) => archiveAllResponseSchema.parse(v)),
  messages: async (id: number) =>
    json(await call('GET', `${base}/${id}/messages`), (v) => messageListResponseSchema.parse(v)),
  settings: async () => json(await call('GET', `${base}/settings`), (v) => chatSettingsSchema.parse(v)),
  stop: async (conversationId: number, messageId: number) =>
    json(await call('POST', `${base}/${conversationId}/messages/${messageId}/stop`), (v) =>
      messageSchema.parse(v),
    ),
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
      await call('POST', `${base}/${conversationId}/messages`, { content }, { headers: sse, signal }),
      onEvent,
    ),
  retry: async (conversationId: number, messageId: number, onEvent: StreamHandler, signal: AbortSignal) =>
    consume(
      await call('POST', `${base}/${conversationId}/messages/${messageId}/retry`, undefined, {
        headers: sse,
        signal,
      }),
      onEvent,
    ),
  follow: async (conversationId: number, messageId: number, onEvent: StreamHandler, signal: AbortSignal) =>
    consume(
      await call('GET', `${base}/${conversationId}/messages/${messageId}/stream`, undefined, {
        headers: sse,
        signal,
      }),
      onEvent,
    ),
};

export type { Conversation };
