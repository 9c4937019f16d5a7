import type { ChatTx } from '../../database';
import type { FeedbackRating } from '../../generated/prisma/client';

/** Feedback on replies; the caller has checked that the reply is the user's own. */
export function createFeedbackRepository(db: ChatTx) {
  return {
    /** Sets (or changes) the feedback on a reply; the model is the one that answered. */
    set(messageId: number, rating: FeedbackRating, comment: string | null, model: string) {
      return db.messageFeedback.upsert({
        where: { messageId },
        create: { messageId, rating, comment, model },
        update: { rating, comment },
      });
    },
    /** The vote stored on a reply (null: none), read in the unit of work that changes it. */
    async ratingOf(messageId: number): Promise<FeedbackRating | null> {
      const row = await db.messageFeedback.findUnique({ where: { messageId }, select: { rating: true } });
      return row?.rating ?? null;
    },
    async remove(messageId: number): Promise<void> {
      await db.messageFeedback.deleteMany({ where: { messageId } });
    },
    /** Thumbs up and down per model, most rated first. */
    async countsPerModel(): Promise<{ model: string; up: number; down: number }[]> {
      return db.$queryRaw`
        SELECT "model",
          (count(*) FILTER (WHERE "rating" = 'up'))::int AS "up",
          (count(*) FILTER (WHERE "rating" = 'down'))::int AS "down"
        FROM "message_feedback" GROUP BY "model" ORDER BY count(*) DESC, "model"`;
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
