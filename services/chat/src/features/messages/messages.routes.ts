import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { ANSWERED, contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { forkConversation } from '../conversations/fork-conversation';
import { eventStreamSink, replySinkFor } from '../replies/replies.routes';
import { editMessage } from './edit-message';
import { followMessage } from './follow-message';
import { getChatSettings } from './get-chat-settings';
import { listMessages } from './list-messages';
import { regenerateMessage } from './regenerate-message';
import { resumeReply, retryMessage } from './retry-message';
import { sendMessage } from './send-message';
import { stopMessage } from './stop-message';
import { switchBranch } from './switch-branch';

/**
 * Messages and replies (contracts apiRoutes.conversations): parse, call the use case, answer. A reply's
 * answer (event stream or JSON) is written by its sink (replies.routes.ts), hence ANSWERED.
 */
export function registerMessageRoutes(app: Express, ctx: ChatContext): void {
  const r = apiRoutes.conversations;
  contractRoute(app, r.settings, (_input, req) => getChatSettings(ctx, signedInUser(req)));
  contractRoute(app, r.messages, ({ params, query }, req) =>
    listMessages(ctx, signedInUser(req), params.id, query),
  );
  contractRoute(app, r.send, async ({ params, body }, req, res) => {
    await sendMessage(
      ctx,
      { user: signedInUser(req), conversationId: params.id, content: body.content, correlationId: req.id },
      replySinkFor(req, res, ctx.registry, r.send),
    );
    return ANSWERED;
  });
  contractRoute(app, r.messageStream, async ({ params }, req, res) => {
    await followMessage(ctx, messageRef(req, params), eventStreamSink(res, ctx.registry));
    return ANSWERED;
  });
  contractRoute(app, r.stopMessage, ({ params }, req) => stopMessage(ctx, messageRef(req, params)));
  contractRoute(app, r.retryMessage, async ({ params }, req, res) => {
    await retryMessage(
      ctx,
      { ...messageRef(req, params), correlationId: req.id },
      replySinkFor(req, res, ctx.registry, r.retryMessage),
    );
    return ANSWERED;
  });
  contractRoute(app, r.editMessage, async ({ params, body }, req, res) => {
    await editMessage(
      ctx,
      { ...messageRef(req, params), content: body.content, correlationId: req.id },
      replySinkFor(req, res, ctx.registry, r.editMessage),
    );
    return ANSWERED;
  });
  contractRoute(app, r.regenerateMessage, async ({ params, body }, req, res) => {
    await regenerateMessage(
      ctx,
      { ...messageRef(req, params), model: body.model, correlationId: req.id },
      replySinkFor(req, res, ctx.registry, r.regenerateMessage),
    );
    return ANSWERED;
  });
  contractRoute(app, r.continueMessage, async ({ params }, req, res) => {
    await resumeReply(
      ctx,
      { ...messageRef(req, params), correlationId: req.id },
      replySinkFor(req, res, ctx.registry, r.continueMessage),
      'continue',
    );
    return ANSWERED;
  });
  contractRoute(app, r.forkConversation, ({ params }, req) => forkConversation(ctx, messageRef(req, params)));
  contractRoute(app, r.switchBranch, ({ params, body }, req) =>
    switchBranch(ctx, { ...messageRef(req, params), index: body.index }),
  );
}

function messageRef(req: Parameters<typeof signedInUser>[0], params: { id: number; messageId: number }) {
  return { user: signedInUser(req), conversationId: params.id, messageId: params.messageId };
}
