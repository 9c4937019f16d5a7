import {
  encodeStreamEvent,
  type Conversation,
  type Message,
  type ModelList,
  type User,
} from '@noek/contracts';
import { sampleUser } from '@noek/contracts/testing/sample-user';

/**
 * A fetch stand-in for UI tests: answers the chat API from in-memory data and records every call,
 * so tests can assert "one call per conversation" and "archive fetched only when open".
 */
export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** The signed-in user of the UI tests (the shared sample, with the id and name these tests assert on). */
export function testUser(over: Partial<User> = {}): User {
  return sampleUser({ id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', ...over });
}

export function makeConversation(id: number, over: Partial<Conversation> = {}): Conversation {
  return {
    id,
    title: `Conversation ${id}`,
    userId: testUser().id,
    createdAt: new Date(Date.now() - 3_600_000 * id).toISOString(),
    updatedAt: new Date(Date.now() - 3_600_000 * id).toISOString(),
    archivedAt: null,
    funMode: false,
    ...over,
  };
}

export function createFakeChatServer(
  seed: {
    active?: Conversation[];
    archived?: Conversation[];
    messages?: Record<number, Message[]>;
    reply?: string[];
    /** When given, the stream sends `started`, then waits for this before the tokens and the end. */
    gate?: Promise<void>;
    /** GET /api/conversations/models (none: no picker). */
    models?: ModelList;
    /** The settings' sharingEnabled (absent: not said, as an older server). */
    sharingEnabled?: boolean;
  } = {},
) {
  const calls: Call[] = [];
  let active = [...(seed.active ?? [])];
  let archived = [...(seed.archived ?? [])];
  const messages = seed.messages ?? {};
  let nextId = 1000;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const p = url.pathname;
    let m: RegExpMatchArray | null;
    if (p === '/api/version') return json({ version: '1' });
    if (p === '/api/conversations/settings')
      return json({
        funMode: false,
        accessLevel: 'basic',
        usage: { count: 0, limit: 3000, periodHours: 24, resetsAt: null },
        model: 'openai',
        sharingEnabled: seed.sharingEnabled,
      });
    if (p === '/api/conversations' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return json(active.slice(offset, offset + limit));
    }
    if (p === '/api/conversations' && method === 'POST') {
      const c = makeConversation(nextId++, {
        title: body?.title ?? 'New Chat',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      });
      active = [c, ...active];
      return json(c, 201);
    }
    if (p === '/api/conversations/archived') return json(archived);
    if (p === '/api/conversations/archive-all') {
      const n = active.length;
      archived = [...active.map((c) => ({ ...c, archivedAt: new Date().toISOString() })), ...archived];
      active = [];
      return json({ archived: n });
    }
    if ((m = p.match(/^\/api\/conversations\/(\d+)\/(archive|unarchive)$/))) {
      const id = Number(m[1]);
      const all = [...active, ...archived];
      const c = all.find((x) => x.id === id);
      if (!c) return json({ code: 'NOT_FOUND', message: 'Conversation not found.' }, 404);
      const moved = { ...c, archivedAt: m[2] === 'archive' ? new Date().toISOString() : null };
      active = active.filter((x) => x.id !== id);
      archived = archived.filter((x) => x.id !== id);
      if (m[2] === 'archive') archived = [moved, ...archived];
      else active = [moved, ...active];
      return json(moved);
    }
    if ((m = p.match(/^\/api\/conversations\/(\d+)\/messages\/(\d+)\/stream$/))) {
      const [cid, mid] = [Number(m[1]), Number(m[2])];
      const list = messages[cid] ?? [];
      const reply = list.find((x) => x.id === mid);
      if (!reply) return json({ code: 'NOT_FOUND', message: 'Message not found.' }, 404);
      const rest = seed.reply ?? [' and the rest'];
      const final = { ...reply, content: reply.content + rest.join(''), status: 'complete' as const };
      const frames = [
        encodeStreamEvent({ type: 'snapshot', assistantMessage: reply }),
        ...rest.map((text) => encodeStreamEvent({ type: 'token', messageId: reply.id, text })),
        encodeStreamEvent({ type: 'done', assistantMessage: final }),
      ];
      messages[cid] = list.map((x) => (x.id === final.id ? final : x));
      return new Response(frames.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if ((m = p.match(/^\/api\/conversations\/(\d+)\/messages$/))) {
      const id = Number(m[1]);
      // The current path, as the server answers it: one branch, each message after the one before.
      if (method === 'GET')
        return json(
          (messages[id] ?? []).map((x, i, all) => ({
            ...x,
            parentId: all[i - 1]?.id ?? null,
            branch: { index: 0, count: 1 },
            feedback: null,
          })),
        );
      const now = new Date().toISOString();
      const user: Message = {
        id: nextId++,
        conversationId: id,
        role: 'user',
        content: body.content,
        createdAt: now,
        status: 'complete',
      };
      const assistant: Message = {
        id: nextId++,
        conversationId: id,
        role: 'assistant',
        content: '',
        createdAt: now,
        status: 'streaming',
      };
      const conversation = [...active, ...archived].find((c) => c.id === id) ?? makeConversation(id);
      const parts = seed.reply ?? ['Hi', ' there'];
      const frames = [
        encodeStreamEvent({ type: 'started', userMessage: user, assistantMessage: assistant, conversation }),
        ...parts.map((text) => encodeStreamEvent({ type: 'token', messageId: assistant.id, text })),
        encodeStreamEvent({
          type: 'done',
          assistantMessage: { ...assistant, content: parts.join(''), status: 'complete' },
        }),
      ];
      messages[id] = [
        ...(messages[id] ?? []),
        user,
        { ...assistant, content: parts.join(''), status: 'complete' },
      ];
      if (!seed.gate)
        return new Response(frames.join(''), {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
        });
      const gate = seed.gate;
      const encoder = new TextEncoder();
      const gated = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(frames[0] ?? ''));
          await gate;
          controller.enqueue(encoder.encode(frames.slice(1).join('')));
          controller.close();
        },
      });
      return new Response(gated, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (p === '/api/conversations/models') return json(seed.models ?? { models: [], defaultModelId: null });
    if ((m = p.match(/^\/api\/conversations\/(\d+)\/model$/)) && method === 'PATCH') {
      const c = [...active, ...archived].find((x) => x.id === Number(m?.[1]))!;
      c.model = body.model;
      return json(c);
    }
    if ((m = p.match(/^\/api\/conversations\/(\d+)$/))) {
      const id = Number(m[1]);
      if (method === 'DELETE') {
        active = active.filter((x) => x.id !== id);
        archived = archived.filter((x) => x.id !== id);
        return new Response(null, { status: 204 });
      }
      if (method === 'GET') {
        const c = [...active, ...archived].find((x) => x.id === id);
        return c ? json(c) : json({ code: 'NOT_FOUND', message: 'Conversation not found.' }, 404);
      }
      if (method === 'PATCH') {
        const c = [...active, ...archived].find((x) => x.id === id)!;
        c.title = body.title;
        return json(c);
      }
    }
    return json({ code: 'NOT_FOUND', message: `no fake for ${method} ${p}` }, 404);
  };
  return { calls, fetch: fetchImpl, state: () => ({ active, archived }) };
}
