import {
  createEnvelope,
  errorCodes,
  feedbackGivenEvent,
  type FeedbackRating,
  type MessageFeedback,
  type SetFeedbackRequest,
} from '@noek/contracts';
import { ConflictError } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { modelLabel } from '../providers/choose-model';
import { ownedMessage, type MessageRef } from '../messages/owned-message';

export const NOT_RATEABLE = 'Only a finished reply can be rated.';

/**
 * Thumbs up or down on one of the user's replies, with an optional comment; sending again changes it,
 * `rating: null` takes it back. Another user's reply reads as missing (404). A vote given, changed or
 * taken back enqueues chat.message.feedback-given.v1 in the same unit of work (the admins' counts per
 * model); a comment alone changes no count and publishes nothing.
 */
export async function setFeedback(
  ctx: ChatContext,
  ref: MessageRef,
  input: SetFeedbackRequest,
  correlationId: string,
): Promise<MessageFeedback | null> {
  const { user, message } = await ownedMessage(ctx, ref);
  if (message.role !== 'assistant' || message.status === 'streaming') {
    throw new ConflictError(NOT_RATEABLE, errorCodes.notRateable);
  }
  const model = modelLabel(message.model);
  const comment = input.comment ? input.comment : null;
  return ctx.transaction(async ({ feedback, publish }) => {
    const before = await feedback.ratingOf(message.id);
    const rating: FeedbackRating | null = input.rating;
    const row = rating === null ? null : await feedback.set(message.id, rating, comment, model);
    if (rating === null) await feedback.remove(message.id);
    if (before !== rating) {
      const data = {
        userId: user.id,
        conversationId: ref.conversationId,
        messageId: message.id,
        model,
        rating,
        at: ctx.now().toISOString(),
      };
      await publish(createEnvelope(feedbackGivenEvent, data, correlationId, new Date(data.at)));
    }
    return row && { rating: row.rating, comment: row.comment };
  });
}
