import { backoffDelay } from '@noek/service-kit';

/*
 * Write-ahead streaming: the text of a reply reaches its clients only after it is stored. A crash of
 * this process, or of the database, can then never leave the database holding less than a user saw.
 *
 * One writer per live reply. It writes what was generated so far (one write in flight, at most one per
 * `flushIntervalMs`: the tokens of that interval leave together), and on success hands the stored text
 * to the reply, which shows it to its listeners. A failed write is retried with backoff from memory for
 * as long as `outageBudgetMs` allows; past that the writer gives up and the reply ends with what is
 * stored (see ReplyRegistry).
 */

/**
 * `stored`; `gone`: the row is no longer a reply being written (deleted with its conversation, or swept
 * as interrupted after its lease ran out), nothing will be stored for it any more; `stop`: stored, and
 * Stop was asked for on another replica.
 */
export type ProgressResult = 'stored' | 'gone' | 'stop';

/**
 * A reply's lease as its writer holds it: the message and the epoch (fencing token) it started with.
 * Every write of the reply is conditional on the epoch; Retry starts a new one, so a writer that lost
 * the lease (paused past it, then the reply retried elsewhere) finds its writes refused (`gone`).
 */
export interface ReplyLease {
  readonly messageId: number;
  readonly leaseEpoch: number;
}

/** The store's side of progress writes. */
export interface ProgressStore {
  /**
   * Writes the partial content (status stays `streaming`) and renews the reply's lease, only while the
   * row is `streaming` under this lease's epoch (otherwise `gone`).
   */
  saveProgress(lease: ReplyLease, content: string): Promise<ProgressResult>;
}

export interface ReplyWriterOptions {
  flushIntervalMs: number;
  /** How long text may wait in memory for an unreachable database before the reply gives up. */
  outageBudgetMs: number;
  onError?: (err: unknown, context: string) => void;
  /** Stop was asked for on another replica. */
  onStopRequested?: () => void;
}

/** What the writer needs of a reply: its lease, the text generated, and where stored text goes. */
export interface WrittenReply extends ReplyLease {
  /** All text generated so far (stored or not). */
  readonly generated: string;
  /** Length of the stored prefix of `generated`. */
  readonly storedLength: number;
  /** The first `length` characters of `generated` are stored: show them. */
  commit(length: number): void;
}

export type WriterState = 'writing' | 'gave-up' | 'lost';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** 100 ms, doubling, at most 2 s: a short outage costs little, a long one few attempts. */
const STORE_RETRY = { baseMs: 100, maxMs: 2_000 };
const backoffMs = (failures: number) => backoffDelay(failures, STORE_RETRY);

export class ReplyWriter {
  state: WriterState = 'writing';
  private running: Promise<void> | null = null;
  private lastWriteAt = 0;
  private failingSince: number | null = null;
  private failures = 0;

  constructor(
    private readonly store: ProgressStore,
    private readonly reply: WrittenReply,
    private readonly opts: ReplyWriterOptions,
  ) {}

  /** New text was generated: store it soon (coalesced with whatever else arrives meanwhile). */
  kick(): void {
    this.running ??= this.pump().finally(() => (this.running = null));
  }

  /** Resolves once everything generated is stored, or the writer gave up or lost its row. */
  async flush(): Promise<WriterState> {
    for (;;) {
      if (this.state !== 'writing' || this.reply.storedLength === this.reply.generated.length)
        return this.state;
      this.kick();
      await this.running;
    }
  }

  private async pump(): Promise<void> {
    while (this.state === 'writing' && this.reply.storedLength < this.reply.generated.length) {
      const wait = this.lastWriteAt + this.opts.flushIntervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      await this.writeOnce();
    }
  }

  private async writeOnce(): Promise<void> {
    const length = this.reply.generated.length;
    this.lastWriteAt = Date.now();
    try {
      const result = await this.store.saveProgress(this.reply, this.reply.generated.slice(0, length));
      this.failingSince = null;
      this.failures = 0;
      if (result === 'gone') {
        this.state = 'lost';
        return;
      }
      this.reply.commit(length);
      if (result === 'stop') this.opts.onStopRequested?.();
    } catch (err) {
      this.failures++;
      this.failingSince ??= Date.now();
      // One log line per outage, not one per attempt.
      if (this.failures === 1) this.opts.onError?.(err, `storing reply ${this.reply.messageId} (retrying)`);
      if (Date.now() - this.failingSince >= this.opts.outageBudgetMs) {
        this.opts.onError?.(err, `storing reply ${this.reply.messageId}: gave up`);
        this.state = 'gave-up';
        return;
      }
      await sleep(backoffMs(this.failures));
    }
  }
}

/**
 * Retries `write` with the same backoff until it succeeds or `budgetMs` has passed since the first
 * failure; answers its result, or throws the last error.
 */
export async function retryWithin<T>(budgetMs: number, write: () => Promise<T>): Promise<T> {
  const since = Date.now();
  for (let failures = 1; ; failures++) {
    try {
      return await write();
    } catch (err) {
      if (Date.now() - since >= budgetMs) throw err;
      await sleep(backoffMs(failures));
    }
  }
}
