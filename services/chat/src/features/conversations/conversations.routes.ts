import type { Express, Request } from 'express';
import {
  conversationIdParamsSchema,
  createConversationRequestSchema,
  updateConversationRequestSchema,
  type Conversation,
} from '@noek/contracts';
import { ForbiddenError, NotFoundError, route } from '@noek/service-kit';
import { z } from 'zod';
import { chatUser, type ChatContext } from '../../chat-context';
import { toConversation } from './conversation.mapper';

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
const MAX_PAGE = 200;

/** Optional paging: without `limit` the whole list (up to 1000) as spec §7 expects. */
const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export function registerConversationRoutes(app: Express, ctx: ChatContext): void {
  const owner = async (req: Request) => chatUser(ctx, req);
  const listOf = (archived: boolean) =>
    route({ query: pageQuerySchema }, async ({ query }, req): Promise<Conversation[]> => {
      const user = await owner(req);
      const rows = await ctx.conversations.list(user.id, archived, {
        limit: query.limit ?? 1000,
        offset: query.offset,
      });
      return rows.map((r) => toConversation(r, user.funMode));
    });

  app.get('/api/conversations', listOf(false));
  app.get('/api/conversations/archived', listOf(true));

  app.post(
    '/api/conversations',
    route({ body: createConversationRequestSchema }, async ({ body }, req, res) => {
      const user = await owner(req);
      // The spec's client sends its userId; the owner is always the session's user.
      if (body.userId && body.userId !== user.id)
        throw new ForbiddenError('You can only create conversations for yourself.');
      const row = await ctx.conversations.create(user.id, body.title);
      res.status(201).json(toConversation(row, user.funMode));
    }),
  );

  app.post(
    '/api/conversations/archive-all',
    route({}, async (_input, req) => {
      const user = await owner(req);
      return { archived: await ctx.conversations.archiveAll(user.id) };
    }),
  );

  // Ours: one conversation (the header's title on a deep link to an old conversation).
  app.get(
    '/api/conversations/:id',
    route({ params: conversationIdParamsSchema }, async ({ params }, req) => {
      const user = await owner(req);
      const row = await ctx.conversations.findOwned(user.id, params.id);
      if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
      return toConversation(row, user.funMode);
    }),
  );

  app.patch(
    '/api/conversations/:id',
    route(
      { params: conversationIdParamsSchema, body: updateConversationRequestSchema },
      async ({ params, body }, req) => {
        const user = await owner(req);
        const row = await ctx.conversations.update(user.id, params.id, { title: body.title });
        if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
        return toConversation(row, user.funMode);
      },
    ),
  );

  app.delete(
    '/api/conversations/:id',
    route({ params: conversationIdParamsSchema }, async ({ params }, req, res) => {
      const user = await owner(req);
      if (!(await ctx.conversations.findOwned(user.id, params.id)))
        throw new NotFoundError(CONVERSATION_NOT_FOUND);
      // A reply still being written would otherwise try to store into a deleted conversation.
      const live = ctx.registry.findByConversation(params.id);
      if (live) await ctx.registry.stop(live.messageId);
      if (!(await ctx.conversations.remove(user.id, params.id)))
        throw new NotFoundError(CONVERSATION_NOT_FOUND);
      res.status(204).end();
    }),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `/api/conversations/:id/${action}`,
      route({ params: conversationIdParamsSchema }, async ({ params }, req) => {
        const user = await owner(req);
        const row = await ctx.conversations.update(user.id, params.id, {
          archivedAt: archived ? new Date() : null,
        });
        if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
        return toConversation(row, user.funMode);
      }),
    );
  }
}
