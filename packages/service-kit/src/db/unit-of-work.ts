import type { EventEnvelope } from '@noek/contracts';
import { enqueueEvent } from '../outbox/enqueue-event';
import type { OutboxTx } from '../outbox/outbox-db';

/** A Prisma client (or anything shaped like one) that runs interactive transactions. */
export interface TransactionCapable<Tx> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: TransactionLimits): Promise<R>;
}

/** Prisma's interactive transaction limits (ms): `timeout` bounds the work (default 5 s), `maxWait` the start. */
export interface TransactionLimits {
  timeout?: number;
  maxWait?: number;
}

/** What a unit of work sees: the service's repositories bound to one transaction, and the outbox. */
export type UnitScope<Repos> = Repos & {
  /** Writes the event into the outbox in this transaction: published if and only if it commits. */
  publish(envelope: EventEnvelope): Promise<void>;
};

/** `limits`: for the rare long unit (an import of thousands of conversations); the default suits the rest. */
export type UnitOfWork<Repos> = <T>(
  work: (scope: UnitScope<Repos>) => Promise<T>,
  limits?: TransactionLimits,
) => Promise<T>;

export interface UnitOfWorkOptions {
  /** Called after a commit that wrote an outbox row (e.g. flush the relay without waiting for its poll). */
  afterPublish?: () => void;
}

/**
 * The one way a use case writes: `await ctx.transaction(async ({ users, publish }) => { ... })`.
 * Repositories are built by the service's own factory on the transaction client, so a use case never
 * sees Prisma, and an event is enqueued in the same transaction as the change it announces.
 */
export function createUnitOfWork<Tx extends OutboxTx, Repos>(
  db: TransactionCapable<Tx>,
  makeRepositories: (tx: Tx) => Repos,
  options: UnitOfWorkOptions = {},
): UnitOfWork<Repos> {
  return async (work, limits) => {
    let published = false;
    const result = await db.$transaction(async (tx) => {
      const publish = async (envelope: EventEnvelope) => {
        await enqueueEvent(tx, envelope);
        published = true;
      };
      return work({ ...makeRepositories(tx), publish });
    }, limits);
    if (published) options.afterPublish?.();
    return result;
  };
}
