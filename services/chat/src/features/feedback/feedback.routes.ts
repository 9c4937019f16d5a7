import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { setFeedback } from './set-feedback';

/** Feedback on replies (contracts apiRoutes.conversations.messageFeedback). */
export function registerFeedbackRoutes(app: Express, ctx: ChatContext): void {
  contractRoute(app, apiRoutes.conversations.messageFeedback, ({ params, body }, req) =>
    setFeedback(
      ctx,
      { user: signedInUser(req), conversationId: params.id, messageId: params.messageId },
      body,
      req.id,
    ),
  );
}
