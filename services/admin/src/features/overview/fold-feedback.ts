import type { FeedbackGivenData } from '@noek/contracts';
import type { AdminTx } from '../../database';

/**
 * chat sends each reply's vote as it now stands (given, changed or taken back); the overview keeps the
 * last one per reply and counts them per model, so a changed vote moves one count to the other and a
 * vote taken back leaves both. An older vote than the one kept is ignored (out-of-order delivery); a
 * redelivered event is folded once (markFolded, in the batch transaction).
 */
export async function foldFeedbackGiven(tx: AdminTx, d: FeedbackGivenData): Promise<void> {
  const at = new Date(d.at);
  const prev = await tx.overviewFeedbackVote.findUnique({ where: { messageId: d.messageId } });
  if (prev && prev.at > at) return;
  await tx.overviewFeedbackVote.upsert({
    where: { messageId: d.messageId },
    create: { messageId: d.messageId, model: d.model, rating: d.rating, at },
    update: { model: d.model, rating: d.rating, at },
  });
}
