/**
 * The few Prisma delegates the outbox and consumeOnce use, typed structurally so every service's
 * generated client fits without the kit depending on any of them. Models: prisma-snippet.prisma.
 */

export interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
}

export interface OutboxEventDelegate {
  create(args: {
    data: { id: string; subject: string; payload: object; createdAt: Date };
  }): PromiseLike<unknown>;
  findMany(args: {
    where: { sentAt: null };
    orderBy: ({ createdAt: 'asc' } | { id: 'asc' })[];
    take: number;
  }): PromiseLike<OutboxRow[]>;
  updateMany(args: {
    where: { id: string };
    data: { sentAt: Date } | { attempts: { increment: number } };
  }): PromiseLike<unknown>;
}

export interface ProcessedEventDelegate {
  create(args: { data: { consumer: string; eventId: string } }): PromiseLike<unknown>;
  findUnique(args: {
    where: { consumer_eventId: { consumer: string; eventId: string } };
  }): PromiseLike<unknown>;
}

/** What enqueueEvent needs: the transaction client inside $transaction. */
export interface OutboxTx {
  outboxEvent: Pick<OutboxEventDelegate, 'create'>;
  /** Prisma's tagged raw statement (absent in the test doubles): the commit then wakes the relays. */
  $executeRaw?(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<number>;
}

export interface OutboxDb {
  outboxEvent: OutboxEventDelegate;
}

export interface ConsumeTx {
  processedEvent: ProcessedEventDelegate;
}

export interface ConsumeDb<Tx extends ConsumeTx> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
}
