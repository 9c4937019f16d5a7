/*
 * Crash recovery for replies, with several replicas: a reply being written holds a lease (its row's
 * `updatedAt`), renewed by the process writing it with every stored batch and by a heartbeat. Every
 * replica sweeps: a `streaming` reply whose lease ran out belongs to a process that died, and becomes
 * `interrupted` with what was stored kept (the user saw no more than that: write-ahead streaming).
 *
 * A database outage stops the heartbeats of live replicas too, so their leases look expired when it
 * ends. A replica therefore sweeps only after it has itself reached the database for a whole lease
 * period without a failure: by then every live replica has renewed what it is still writing.
 *
 * A process that was only paused (a long GC pause, a frozen VM) past its lease must not write again
 * once it runs: the lease carries a fencing token (the row's `leaseEpoch`), every write of the reply
 * (progress, renewal, finish) is conditional on the epoch its writer started with and on `streaming`,
 * and Retry starts a new epoch. The paused writer's next write is refused; it logs that it lost the
 * lease and stops generating (reply-registry.ts).
 */
import type { Logger } from '@noek/service-kit';
import type { ReplyLease } from './reply-writer';

export interface LeaseStore {
  /**
   * Renews the leases still held (the row `streaming` under the same epoch); answers the ids another
   * replica asked to stop.
   */
  renewLeases(leases: ReplyLease[]): Promise<number[]>;
  interruptExpired(olderThan: Date): Promise<number>;
}

export interface ReplyLeaseOptions {
  store: LeaseStore;
  /** The leases of the replies this process is writing. */
  liveLeases: () => ReplyLease[];
  leaseMs: number;
  logger: Logger;
  /** Stop was asked for on another replica for a reply this process writes. */
  onStopRequested?: (id: number) => void;
  now?: () => Date;
}

/** One tick: renew ours, then sweep if the database has answered for a whole lease period. */
export function createLeaseKeeper(opts: ReplyLeaseOptions) {
  const now = opts.now ?? (() => new Date());
  let healthySince = now().getTime();
  const tick = async (): Promise<number> => {
    try {
      for (const id of await opts.store.renewLeases(opts.liveLeases())) opts.onStopRequested?.(id);
      if (now().getTime() - healthySince < opts.leaseMs) return 0;
      const swept = await opts.store.interruptExpired(new Date(now().getTime() - opts.leaseMs));
      if (swept > 0) opts.logger.warn({ swept }, 'replies whose writer died marked interrupted');
      return swept;
    } catch (err) {
      healthySince = now().getTime();
      opts.logger.warn({ err }, 'reply lease tick failed');
      return 0;
    }
  };
  return { tick };
}

/** Runs the keeper every third of a lease; answers the function that stops it. */
export function startReplyLeases(opts: ReplyLeaseOptions): () => void {
  const keeper = createLeaseKeeper(opts);
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return; // a slow database: never two ticks at once
      running = true;
      void keeper.tick().finally(() => (running = false));
    },
    Math.max(100, Math.floor(opts.leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
