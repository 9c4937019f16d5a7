import type { Message, StreamDoneEvent, StreamErrorEvent } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import { countTokens } from '../model/count-tokens';
import {
  ModelError,
  modelMessages,
  type ChatTurn,
  type ModelProvider,
  type TokenUsage,
} from '../model/model.types';
import {
  ReplyWriter,
  retryWithin,
  type ProgressStore,
  type ReplyLease,
  type WriterState,
} from './reply-writer';
import { streamFrames } from './stream-frames';

/** Where a reply is persisted while and after it is generated. */
export interface ReplyStore extends ProgressStore {
  /**
   * The final write, under the lease's epoch; answers the stored message, or null when the row is no
   * longer this lease's (retried elsewhere, swept, or deleted with its conversation).
   */
  finish(
    lease: ReplyLease & { userId: string; conversationId: number },
    outcome: ReplyOutcome,
  ): Promise<Message | null>;
}

export interface ReplyOutcome {
  content: string;
  status: 'complete' | 'interrupted' | 'failed';
  /** Cut by our side (model, shutdown, storage), not by the user's Stop: its Retry is not charged. */
  retryFree: boolean;
  /** What the reply cost (null: the offline responder, or nothing was generated). */
  tokens: TokenUsage | null;
  /** Older messages left out of its prompt (the context window). */
  contextTrimmed: number;
}

export type ReplyEnd = StreamDoneEvent | StreamErrorEvent;
export type ReplyListener = (event: { type: 'token'; text: string } | { type: 'end'; end: ReplyEnd }) => void;

/** `lease`: the reply is no longer this process's to write (see ReplyLease). */
type StopReason = 'user' | 'shutdown' | 'storage' | 'lease';

export const shutdownMessage =
  'The server restarted while writing this reply. What was written so far is saved: press Retry to continue.';

/** The database stayed unreachable for longer than a reply may wait in memory (outageBudgetMs). */
export const storageMessage =
  'Noek could not save this reply because its database was unreachable, so it stopped here. What is shown is saved: press Retry to continue.';

/** A reply being generated in this process, independent of any HTTP response. */
export class LiveReply implements ReplyLease {
  /** Every character the model generated so far; only the first `storedLength` are stored and shown. */
  generated = '';
  storedLength = 0;
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
    /** The epoch of the lease this process writes the reply under (a mirror writes nothing). */
    readonly leaseEpoch = 0,
  ) {}

  /** What clients have been shown: the stored prefix of the reply. */
  get content(): string {
    return this.generated.slice(0, this.storedLength);
  }

  /**
   * Adds a listener and answers the content so far in the same tick, so a re-attaching client misses
   * no token between the snapshot and the live tokens.
   */
  subscribe(listener: ReplyListener): { snapshot: string; unsubscribe: () => void } {
    this.listeners.add(listener);
    return { snapshot: this.content, unsubscribe: () => this.listeners.delete(listener) };
  }

  /** Generated, not yet stored: nobody sees it before commit(). */
  append(text: string): void {
    this.generated += text;
  }

  /** The first `length` characters are stored: the new part goes to every listener as one token. */
  commit(length: number): void {
    if (length <= this.storedLength) return;
    const text = this.generated.slice(this.storedLength, length);
    this.storedLength = length;
    this.emit({ type: 'token', text });
  }

  /** The reply as shown so far, for a frame sent before it is stored as finished. */
  asShown(status: Message['status'] = 'streaming'): Message {
    return {
      id: this.messageId,
      conversationId: this.conversationId,
      role: 'assistant',
      content: this.content,
      status,
      createdAt: new Date().toISOString(),
    };
  }

  /** How many clients follow this reply (a mirror stops reading the database when none is left). */
  get listenerCount(): number {
    return this.listeners.size;
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
  /** How often partial content is written to the database (and then shown) while streaming. */
  flushIntervalMs: number;
  /** How long generated text may wait in memory for an unreachable database (default 60 s). */
  outageBudgetMs?: number;
  onError?: (err: unknown, context: string) => void;
  /** A write of the reply was refused: another replica holds its lease now (or its row is gone). */
  onLeaseLost?: (messageId: number) => void;
  /** The process's revocation list: a stream whose token it refuses by the time it opens ends at once. */
  isRevoked?: (user: Pick<AuthUser, 'id' | 'issuedAt' | 'sessionId'>) => boolean;
}

const DEFAULT_OUTAGE_BUDGET_MS = 60_000;

export interface StartReply {
  messageId: number;
  /** The epoch of the stored reply's lease (the row's `leaseEpoch` when it was opened). */
  leaseEpoch: number;
  conversationId: number;
  userId: string;
  provider: ModelProvider;
  turns: ChatTurn[];
  /** Continue: the stored text the reply goes on from (already stored and shown). */
  prefix?: string;
  /** Older messages left out of the prompt to fit the model's context window. */
  contextTrimmed?: number;
}

/**
 * In-process registry of replies being generated, keyed by assistant message id. Generation runs
 * here, not in the request: a client that disconnects, reloads or switches conversation loses
 * nothing, and can re-attach through `get()` / `findByConversation()`.
 */
/** The user of the token a stream was opened with (requireUser's req.user). */
type StreamOpener = Pick<AuthUser, 'id' | 'issuedAt' | 'sessionId'>;

export class ReplyRegistry {
  private readonly live = new Map<number, LiveReply>();
  /** Open reply streams (SSE responses) per user, so a revocation can end them at once. */
  private readonly streams = new Map<string, Set<StreamEnd>>();
  /** False once draining for shutdown: no new reply starts here. */
  accepting = true;

  constructor(private readonly opts: ReplyRegistryOptions) {}

  get size(): number {
    return this.live.size;
  }

  /** The leases of the replies generated here: renewed while they live. */
  liveLeases(): ReplyLease[] {
    return [...this.live.values()];
  }

  private get outageBudgetMs(): number {
    return this.opts.outageBudgetMs ?? DEFAULT_OUTAGE_BUDGET_MS;
  }

  get(messageId: number): LiveReply | undefined {
    return this.live.get(messageId);
  }

  /** The users with a reply generating or a stream open here (a stale revocation feed checks them with auth). */
  activeUserIds(): Set<string> {
    const ids = new Set(this.streams.keys());
    for (const r of this.live.values()) ids.add(r.userId);
    return ids;
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
    const reply = new LiveReply(input.messageId, input.conversationId, input.userId, input.leaseEpoch);
    if (input.prefix) {
      reply.generated = input.prefix;
      reply.storedLength = input.prefix.length;
    }
    this.live.set(input.messageId, reply);
    void this.run(reply, input.provider, input.turns, input.contextTrimmed ?? 0);
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
  /** Who opened each stream (the token's user): a revocation of the user ends only what it revokes. */
  private readonly openers = new Map<StreamEnd, StreamOpener>();

  /**
   * Registers an open stream of `userId`, opened with the token of `opener` when known (its session, when
   * it has one); answers the function that unregisters it.
   */
  trackStream(userId: string, end: StreamEnd, opener?: StreamOpener): () => void {
    const untrackUser = addTo(this.streams, userId, end);
    const sessionId = opener?.sessionId;
    const untrackSession = sessionId ? addTo(this.sessionStreams, sessionId, end) : () => undefined;
    if (opener) this.openers.set(end, opener);
    return () => {
      untrackUser();
      untrackSession();
      this.openers.delete(end);
    };
  }

  /**
   * Whether a stream opened by `user` is already revoked: the revocation can be heard between the
   * request's check and the stream's registration, when cutOff found nothing to end.
   */
  revokes(user: Pick<AuthUser, 'id' | 'issuedAt' | 'sessionId'> | undefined): boolean {
    return !!user && !!this.opts.isRevoked?.(user);
  }

  /** Whether the token that opened `end` is revoked now (unknown opener or no revocation list: yes). */
  private revokedOpener(end: StreamEnd): boolean {
    const opener = this.openers.get(end);
    return !opener || !this.opts.isRevoked || this.revokes(opener);
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
    // A block or ban ends every stream. A revocation of tokens issued before an instant ends those opened
    // with such a token only: heard late (NATS down, a consumer behind), it must not end the stream of a
    // session signed in after it.
    const ends = [...(this.streams.get(userId) ?? [])].filter(
      (end) => stopGeneration || this.revokedOpener(end),
    );
    for (const end of ends) end('user');
    if (stopGeneration) {
      await Promise.all(
        [...this.live.values()].filter((r) => r.userId === userId).map((r) => this.stop(r.messageId)),
      );
    }
    return ends.length;
  }

  /**
   * Graceful drain: no new reply starts; the ones in flight get up to `ms` to finish, then the rest
   * are stopped and stored as interrupted. Every one ends with its final event.
   */
  async drain(ms: number): Promise<void> {
    this.accepting = false;
    const all = [...this.live.values()].map((r) => r.settled);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((r) => (timer = setTimeout(r, ms)));
    await Promise.race([Promise.all(all), expired]);
    clearTimeout(timer);
    await this.shutdown();
  }

  /** Graceful shutdown: every reply in flight is stored as interrupted. */
  async shutdown(): Promise<void> {
    this.accepting = false;
    const all = [...this.live.values()];
    for (const r of all) {
      r.stopReason ??= 'shutdown';
      r.abort.abort(new Error('shutting down'));
    }
    await Promise.all(all.map((r) => r.settled));
  }

  private async run(
    reply: LiveReply,
    provider: ModelProvider,
    turns: ChatTurn[],
    contextTrimmed: number,
  ): Promise<void> {
    const writer = new ReplyWriter(this.opts.store, reply, {
      flushIntervalMs: this.opts.flushIntervalMs,
      outageBudgetMs: this.outageBudgetMs,
      onError: this.opts.onError,
      onStopRequested: () => void this.stop(reply.messageId),
    });
    let status: ReplyOutcome['status'] = 'complete';
    let failure: string | null = null;
    let usage: TokenUsage | null = null;
    try {
      for await (const text of provider.stream(turns, reply.abort.signal, (u) => (usage = u))) {
        if (reply.stopReason) break; // a provider that ignores the signal still stops here
        reply.append(text);
        writer.kick();
        // Text that can no longer be stored must not be generated (nor charged to the model) any more.
        if (writer.state !== 'writing') this.stopFor(reply, writer.state === 'lost' ? 'lease' : 'storage');
      }
      if (reply.stopReason) throw reply.abort.signal.reason;
    } catch (err) {
      ({ status, failure } = this.classify(reply, err));
    }
    const stored = await writer.flush();
    const tokens = await this.tokensOf(provider, turns, reply, usage);
    const end = await this.persistEnd(reply, { status, failure, tokens, contextTrimmed }, stored);
    // Leave the registry before telling listeners: from now on the database holds the final state.
    this.live.delete(reply.messageId);
    reply.end(end);
  }

  /** The provider's usage, else counted from what was generated; none for the offline responder. */
  private async tokensOf(
    provider: ModelProvider,
    turns: ChatTurn[],
    reply: LiveReply,
    usage: TokenUsage | null,
  ): Promise<TokenUsage | null> {
    if (usage) return usage;
    if (provider.kind === 'offline' || reply.generated === '') return null;
    return countTokens(turns, reply.content).catch((err: unknown) => {
      this.opts.onError?.(err, `counting the tokens of reply ${reply.messageId}`);
      return null;
    });
  }

  private stopFor(reply: LiveReply, reason: StopReason): void {
    reply.stopReason ??= reason;
    reply.abort.abort(new Error(`stopped: ${reason}`));
  }

  private classify(
    reply: LiveReply,
    err: unknown,
  ): { status: ReplyOutcome['status']; failure: string | null } {
    const partialOr = (s: ReplyOutcome['status']) => (reply.content.length > 0 ? 'interrupted' : s);
    if (reply.stopReason === 'user') return { status: 'interrupted', failure: null };
    if (reply.stopReason === 'shutdown')
      return { status: partialOr('interrupted'), failure: shutdownMessage };
    if (reply.stopReason === 'storage') return { status: 'interrupted', failure: storageMessage };
    if (reply.stopReason === 'lease') return { status: 'interrupted', failure: null };
    if (!(err instanceof ModelError)) this.opts.onError?.(err, `reply ${reply.messageId}`);
    const message = err instanceof ModelError ? err.userMessage : modelMessages.upstream;
    return { status: partialOr('failed'), failure: message };
  }

  /**
   * The final write, retried for as long as the outage budget allows: the one write that must not be
   * lost. When the database stays away, or the writer already gave up, the client is told the truth:
   * it has been shown only stored text, and the reply's lease turns it `interrupted` later. When the
   * lease is lost, nothing more is written: the reply ends here as interrupted (what the database
   * holds now is another writer's, or nothing).
   */
  private async persistEnd(
    reply: LiveReply,
    end: {
      status: ReplyOutcome['status'];
      failure: string | null;
      tokens: TokenUsage | null;
      contextTrimmed: number;
    },
    writer: WriterState,
  ): Promise<ReplyEnd> {
    const retryFree = end.status !== 'complete' && reply.stopReason !== 'user';
    const outcome: ReplyOutcome = {
      content: reply.content,
      status: end.status,
      retryFree,
      tokens: end.tokens,
      contextTrimmed: end.contextTrimmed,
    };
    if (writer === 'lost') return this.leaseLost(reply);
    if (writer === 'writing') {
      try {
        const stored = await retryWithin(this.outageBudgetMs, () => this.opts.store.finish(reply, outcome));
        if (!stored) return this.leaseLost(reply);
        return end.failure ? streamFrames.error(stored, end.failure) : streamFrames.done(stored);
      } catch (err) {
        this.opts.onError?.(err, `storing reply ${reply.messageId}`);
      }
    }
    return streamFrames.error(reply.asShown(reply.content ? 'interrupted' : 'failed'), storageMessage);
  }

  /** A write was refused: the reply is no longer ours; its clients get their final event, nothing is stored. */
  private leaseLost(reply: LiveReply): ReplyEnd {
    this.opts.onLeaseLost?.(reply.messageId);
    return streamFrames.done(reply.asShown('interrupted'));
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
