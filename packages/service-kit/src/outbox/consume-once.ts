import type { EventEnvelope } from '@noek/contracts';
import { isUniqueViolation } from '../errors/database-errors';
import type { ConsumeDb, ConsumeTx } from './outbox-db';

export type ConsumeResult = 'processed' | 'duplicate';

/**
 * Runs `work` and records (consumer, event id) in the same transaction, so an event redelivered after a
 * late ack has exactly one effect. The row is inserted before the work: a concurrent duplicate blocks on
 * the key and then fails with a unique violation, which is reported as 'duplicate' (its work rolled back).
 * Errors from `work` propagate, so the bus redelivers.
 */
export async function consumeOnce<Tx extends ConsumeTx>(
  db: ConsumeDb<Tx>,
  consumer: string,
  envelope: EventEnvelope,
  work: (tx: Tx) => Promise<void>,
): Promise<ConsumeResult> {
  // Only our own insert's violation means "duplicate"; one raised by `work` is a real error.
  let raced = false;
  try {
    return await db.$transaction(async (tx) => {
      const key = { consumer, eventId: envelope.id };
      if (await tx.processedEvent.findUnique({ where: { consumer_eventId: key } }))
        return 'duplicate' as const;
      try {
        await tx.processedEvent.create({ data: key });
      } catch (err) {
        raced = isUniqueViolation(err);
        throw err;
      }
      await work(tx);
      return 'processed' as const;
    });
  } catch (err) {
    if (raced) return 'duplicate';
    throw err;
  }
}
