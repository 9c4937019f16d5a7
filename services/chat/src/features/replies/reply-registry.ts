import type { Message, StreamDoneEvent, StreamErrorEvent } from '@noek/contracts';
import { ModelError, modelMessages, type ChatTurn, type ModelProvider } from '../model/model.types';
import { streamFrames } from './stream-frames';

/** Where a reply is persisted while and after it is generated. */
export interface ReplyStore {
  /** Periodic flush of the partial content (status stays `streaming`). */
  saveProgress(messageId: number, content: string): Promise<void>;
  /** The final write; answers the stored message. */
  finish(messageId: number, outcome: ReplyOutcome): Promise<Message>;
}

export interface ReplyOutcome {
  content: string;
  status: 'complete' | 'interrupted' | 'failed';
}

export type ReplyEnd = StreamDoneEvent | StreamErrorEvent;
export type ReplyListener = (event: { type: 'token'; text: string } | { type: 'end'; end: ReplyEnd }) => void;

type StopReason = 'user' | 'shutdown';

export const shutdownMessage =
  'The server restarted while writing this reply. What was written so far is saved: press Retry to continue.';

/** A reply being generated in this process, independent of any HTTP response. */
export class LiveReply {
  content = '';
  readonly abort = new AbortController();
  stopReason: StopReason | null = null;
  private readonly listeners = new Set<ReplyListener>();
  private resolveSettled!: (end: ReplyEnd) => void;
  /** Resolves with the terminal event once the final state is stored. */
  readonly settled = new Promise<ReplyEnd>((r) => (this.resolveSettled = r));

  constructor(
    readonly messageId: number,
    readonly conversationId: number,
    readonly userId: string,
  ) {}

  /**
   * Adds a listener and answers the content so far in the same tick, so a re-attaching client misses
   * no token between the snapshot and the live tokens.
   */
  subscribe(listener: ReplyListener): { snapshot: string; unsubscribe: () => void } {
    this.listeners.add(listener);
    return { snapshot: this.content, unsubscribe: () => this.listeners.delete(listener) };
  }

  append(text: string): void {
    this.content += text;
    this.emit({ type: 'token', text });
  }

  /** A listener that throws (a response already gone) must not break generation for the others. */
  private emit(event: Parameters<ReplyListener>[0]): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        this.listeners.delete(l);
      }
    }
  }

  end(end: ReplyEnd): void {
    this.emit({ type: 'end', end });
    this.listeners.clear();
    this.resolveSettled(end);
  }
}

/**
 * Ends one open reply stream: `user` after a block, ban or revocation of every session (the stream is
 * cut), `session` after one session's sign-out (the stream gets a final event first).
 */
export type StreamEnd = (scope: 'user' | 'session') => void;

export interface ReplyRegistryOptions {
  store: ReplyStore;
  /** How often partial content is written to the database while streaming. */
  flushIntervalMs: number;
  onError?: (err: unknown, context: string) => void;
}

export interface StartReply {
  messageId: number;
  conversationId: number;
  userId: string;
  provider: ModelProvider;
  turns: ChatTurn[];
}

/**
 * In-process registry of replies being generated, keyed by assistant message id. Generation runs
 * here, not in the request: a client that disconnects, reloads or switches conversation loses
 * nothing, and can re-attach through `get()` / `findByConversation()`.
 */
export class ReplyRegistry {
  private readonly live = new Map<number, LiveReply>();
  /** Open reply streams (SSE responses) per user, so a revocation can end them at once. */
  private readonly streams = new Map<string, Set<StreamEnd>>();

  constructor(private readonly opts: ReplyRegistryOptions) {}

  get size(): number {
    return this.live.size;
  }

  get(messageId: number): LiveReply | undefined {
    return this.live.get(messageId);
  }

  countForUser(userId: string): number {
    let n = 0;
    for (const r of this.live.values()) if (r.userId === userId) n++;
    return n;
  }

  findByConversation(conversationId: number): LiveReply | undefined {
    for (const r of this.live.values()) if (r.conversationId === conversationId) return r;
    return undefined;
  }

  start(input: StartReply): LiveReply {
    const reply = new LiveReply(input.messageId, input.conversationId, input.userId);
    this.live.set(input.messageId, reply);
    void this.run(reply, input.provider, input.turns);
    return reply;
  }

  /** Stop: abort the upstream request; the partial reply is kept. Answers the terminal event. */
  async stop(messageId: number): Promise<ReplyEnd | undefined> {
    const reply = this.live.get(messageId);
    if (!reply) return undefined;
    reply.stopReason ??= 'user';
    reply.abort.abort(new Error('stopped by the user'));
    return reply.settled;
  }

  /** Open reply streams per session (`sid` of the token that opened them), for a one-session sign-out. */
  private readonly sessionStreams = new Map<string, Set<StreamEnd>>();

  /**
   * Registers an open stream of `userId`, opened with a token of `sessionId` when it has one; answers
   * the function that unregisters it.
   */
  trackStream(userId: string, end: StreamEnd, sessionId?: string): () => void {
    const untrackUser = addTo(this.streams, userId, end);
    const untrackSession = sessionId ? addTo(this.sessionStreams, sessionId, end) : () => undefined;
    return () => {
      untrackUser();
      untrackSession();
    };
  }

  /**
   * After one session was signed out (auth.session.revoked.v1): the streams opened with its tokens end
   * now; the user's other sessions keep theirs, and replies go on being generated and stored (the user
   * may follow them from another browser). Answers how many streams ended.
   */
  cutOffSession(sessionId: string): number {
    const ends = [...(this.sessionStreams.get(sessionId) ?? [])];
    for (const end of ends) end('session');
    return ends.length;
  }

  /**
   * After a block, ban or session revocation: the user's open streams end now (security notes), and
   * with `stopGeneration` their replies stop too (kept as interrupted). Answers how many streams ended.
   */
  async cutOff(userId: string, stopGeneration: boolean): Promise<number> {
    const ends = [...(this.streams.get(userId) ?? [])];
    for (const end of ends) end('user');
    if (stopGeneration) {
      await Promise.all(
        [...this.live.values()].filter((r) => r.userId === userId).map((r) => this.stop(r.messageId)),
      );
    }
    return ends.length;
  }

  /** Graceful shutdown: every reply in flight is stored as interrupted. */
  async shutdown(): Promise<void> {
    const all = [...this.live.values()];
    for (const r of all) {
      r.stopReason ??= 'shutdown';
      r.abort.abort(new Error('shutting down'));
    }
    await Promise.all(all.map((r) => r.settled));
  }

  private async run(reply: LiveReply, provider: ModelProvider, turns: ChatTurn[]): Promise<void> {
    const flusher = this.createFlusher(reply);
    let status: ReplyOutcome['status'] = 'complete';
    let failure: string | null = null;
    try {
      for await (const text of provider.stream(turns, reply.abort.signal)) {
        if (reply.stopReason) break; // a provider that ignores the signal still stops here
        reply.append(text);
        flusher.maybeFlush();
      }
      if (reply.stopReason) throw reply.abort.signal.reason;
    } catch (err) {
      ({ status, failure } = this.classify(reply, err));
    }
    await flusher.idle();
    const end = await this.persistEnd(reply, status, failure);
    // Leave the registry before telling listeners: from now on the database holds the final state.
    this.live.delete(reply.messageId);
    reply.end(end);
  }

  private classify(
    reply: LiveReply,
    err: unknown,
  ): { status: ReplyOutcome['status']; failure: string | null } {
    const partialOr = (s: ReplyOutcome['status']) => (reply.content.length > 0 ? 'interrupted' : s);
    if (reply.stopReason === 'user') return { status: 'interrupted', failure: null };
    if (reply.stopReason === 'shutdown')
      return { status: partialOr('interrupted'), failure: shutdownMessage };
    if (!(err instanceof ModelError)) this.opts.onError?.(err, `reply ${reply.messageId}`);
    const message = err instanceof ModelError ? err.userMessage : modelMessages.upstream;
    return { status: partialOr('failed'), failure: message };
  }

  private async persistEnd(reply: LiveReply, status: ReplyOutcome['status'], failure: string | null) {
    // A failing final write is retried a few times: this is the one write that must not be lost.
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const stored = await this.opts.store.finish(reply.messageId, { content: reply.content, status });
        return failure ? streamFrames.error(stored, failure) : streamFrames.done(stored);
      } catch (err) {
        lastError = err;
        await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
      }
    }
    this.opts.onError?.(lastError, `storing reply ${reply.messageId}`);
    const fallback: Message = {
      id: reply.messageId,
      conversationId: reply.conversationId,
      role: 'assistant',
      content: reply.content,
      createdAt: new Date().toISOString(),
      status: reply.content ? 'interrupted' : 'failed',
    };
    return streamFrames.error(fallback, modelMessages.upstream);
  }

  /** Writes partial content at most every flushIntervalMs, one write at a time. */
  private createFlusher(reply: LiveReply) {
    let last = Date.now();
    let pending: Promise<void> | null = null;
    return {
      maybeFlush: () => {
        if (pending || Date.now() - last < this.opts.flushIntervalMs) return;
        last = Date.now();
        pending = this.opts.store
          .saveProgress(reply.messageId, reply.content)
          .catch((err: unknown) => this.opts.onError?.(err, `flushing reply ${reply.messageId}`))
          .finally(() => (pending = null));
      },
      idle: async () => {
        await pending;
      },
    };
  }
}

/** Adds `end` to the set under `key`; answers the function that removes it (and the empty set). */
function addTo(map: Map<string, Set<StreamEnd>>, key: string, end: StreamEnd): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  const s = set;
  s.add(end);
  return () => {
    s.delete(end);
    if (s.size === 0 && map.get(key) === s) map.delete(key);
  };
}
