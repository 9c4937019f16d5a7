import type { Express } from 'express';
import {
  chatSettingsSchema,
  conversationIdParamsSchema,
  messageLimitFor,
  messageParamsSchema,
  sendMessageRequestSchema,
  type ChatSettings,
} from '@noek/contracts';
import { NotFoundError, route } from '@noek/service-kit';
import { chatUser, type ChatContext } from '../../chat-context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversations.routes';
import { toMessage } from '../conversations/conversation.mapper';
import { currentWindow, windowResetsAt } from '../usage/usage-window';
import { usageLimitFor } from '../usage/usage-limit';
import { levelOf } from '../users/chat-users.repository';
import { followMessage, retryMessage, stopMessage } from './reply-control.handlers';
import { sendMessage } from './send-message.handler';

export function registerMessageRoutes(app: Express, ctx: ChatContext): void {
  app.get(
    '/api/conversations/settings',
    route({}, async (_input, req): Promise<ChatSettings> => {
      const user = await chatUser(ctx, req);
      const level = levelOf(user);
      const limit = usageLimitFor(level);
      const window = currentWindow(
        { count: user.messageCount, windowStartedAt: user.windowStartedAt },
        limit,
        new Date(),
      );
      return chatSettingsSchema.parse({
        funMode: user.funMode,
        accessLevel: level,
        usage: {
          count: window.count,
          limit: messageLimitFor(level).limit,
          periodHours: messageLimitFor(level).periodHours,
          resetsAt: windowResetsAt(window, limit)?.toISOString() ?? null,
        },
        model: ctx.provider.kind,
      });
    }),
  );

  app.get(
    '/api/conversations/:id/messages',
    route({ params: conversationIdParamsSchema }, async ({ params }, req) => {
      const user = await chatUser(ctx, req);
      if (!(await ctx.conversations.findOwned(user.id, params.id)))
        throw new NotFoundError(CONVERSATION_NOT_FOUND);
      const rows = await ctx.messages.list(params.id);
      // A reply being written shows its live content (fresher than the last flush).
      return rows.map((r) => {
        const live = r.status === 'streaming' ? ctx.registry.get(r.id) : undefined;
        return live ? { ...toMessage(r), content: live.content } : toMessage(r);
      });
    }),
  );

  app.post(
    '/api/conversations/:id/messages',
    route(
      { params: conversationIdParamsSchema, body: sendMessageRequestSchema },
      ({ params, body }, req, res) => sendMessage(ctx, req, res, params.id, body.content),
    ),
  );

  app.get(
    '/api/conversations/:id/messages/:messageId/stream',
    route({ params: messageParamsSchema }, ({ params }, req, res) =>
      followMessage(ctx, req, res, params.id, params.messageId),
    ),
  );
  app.post(
    '/api/conversations/:id/messages/:messageId/stop',
    route({ params: messageParamsSchema }, ({ params }, req) =>
      stopMessage(ctx, req, params.id, params.messageId),
    ),
  );
  app.post(
    '/api/conversations/:id/messages/:messageId/retry',
    route({ params: messageParamsSchema }, ({ params }, req, res) =>
      retryMessage(ctx, req, res, params.id, params.messageId),
    ),
  );
}
