/*
 * Group commit for progress writes. Every live reply stores its text every flush interval; one
 * statement per reply makes the database's cost grow with the number of replies. Here a write that
 * arrives while another batch is in flight waits for it and then leaves with everything that queued
 * meanwhile, in one statement: idle, a write leaves at once (no added latency); under load, the number
 * of statements follows the database's round trips, not the number of replies.
 */
import type { ProgressResult, ProgressStore, ReplyLease } from './reply-writer';

export interface ProgressWrite {
  readonly lease: ReplyLease;
  readonly content: string;
}

/** Writes many replies' progress at once; answers each one's result by message id. */
export type SaveProgressMany = (writes: readonly ProgressWrite[]) => Promise<Map<number, ProgressResult>>;

interface Pending extends ProgressWrite {
  resolve(result: ProgressResult): void;
  reject(err: unknown): void;
}

/** Statements stay bounded however many replies are live. */
const MAX_BATCH = 500;

export function createProgressGroupCommit(saveMany: SaveProgressMany): ProgressStore {
  let queue: Pending[] = [];
  let inFlight = false;

  async function drain(): Promise<void> {
    inFlight = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        const results = await saveMany(batch);
        // A row the statement did not return is no longer this lease's.
        for (const p of batch) p.resolve(results.get(p.lease.messageId) ?? 'gone');
      } catch (err) {
        // Each writer retries from memory with its own backoff (reply-writer.ts).
        for (const p of batch) p.reject(err);
      }
    }
    inFlight = false;
  }

  return {
    saveProgress(lease, content) {
      return new Promise<ProgressResult>((resolve, reject) => {
        // One write in flight per writer, so a reply appears at most once in a batch.
        queue.push({ lease, content, resolve, reject });
        if (!inFlight) void drain();
      });
    },
  };
}
