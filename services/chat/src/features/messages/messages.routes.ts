import type { Express } from 'express';
import {
  apiRoutes,
  conversationIdParamsSchema,
  messageParamsSchema,
  sendMessageRequestSchema,
} from '@noek/contracts';
import { route, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { eventStreamSink, replySinkFor } from '../replies/replies.routes';
import { followMessage } from './follow-message';
import { getChatSettings } from './get-chat-settings';
import { listMessages } from './list-messages';
import { retryMessage } from './retry-message';
import { sendMessage } from './send-message';
import { stopMessage } from './stop-message';

/** Messages and replies (contracts apiRoutes.conversations): parse, call the use case, answer. */
export function registerMessageRoutes(app: Express, ctx: ChatContext): void {
  const r = apiRoutes.conversations;
  app.get(
    r.settings.path,
    route({}, (_input, req) => getChatSettings(ctx, signedInUser(req))),
  );
  app.get(
    r.messages.path,
    route({ params: conversationIdParamsSchema }, ({ params }, req) =>
      listMessages(ctx, signedInUser(req), params.id),
    ),
  );
  app.post(
    r.send.path,
    route(
      { params: conversationIdParamsSchema, body: sendMessageRequestSchema },
      ({ params, body }, req, res) =>
        sendMessage(
          ctx,
          {
            user: signedInUser(req),
            conversationId: params.id,
            content: body.content,
            correlationId: req.id,
          },
          replySinkFor(req, res, ctx.registry),
        ),
    ),
  );
  app.get(
    r.messageStream.path,
    route({ params: messageParamsSchema }, ({ params }, req, res) =>
      followMessage(ctx, messageRef(req, params), eventStreamSink(res, ctx.registry)),
    ),
  );
  app.post(
    r.stopMessage.path,
    route({ params: messageParamsSchema }, ({ params }, req) => stopMessage(ctx, messageRef(req, params))),
  );
  app.post(
    r.retryMessage.path,
    route({ params: messageParamsSchema }, ({ params }, req, res) =>
      retryMessage(
        ctx,
        { ...messageRef(req, params), correlationId: req.id },
        replySinkFor(req, res, ctx.registry),
      ),
    ),
  );
}

function messageRef(req: Parameters<typeof signedInUser>[0], params: { id: number; messageId: number }) {
  return { user: signedInUser(req), conversationId: params.id, messageId: params.messageId };
}
