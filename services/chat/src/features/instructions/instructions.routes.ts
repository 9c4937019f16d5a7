import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { NotFoundError, contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { toConversation } from '../conversations/conversation.mapper';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { sessionUser } from '../users/session-user';

/**
 * The user's custom instructions and a conversation's system prompt (contracts apiRoutes.conversations):
 * both are the owner's only (every query names the owner), both go into the model's system message.
 */
export function registerInstructionsRoutes(app: Express, ctx: ChatContext): void {
  const r = apiRoutes.conversations;
  contractRoute(app, r.instructions, async (_input, req) => {
    const user = await sessionUser(ctx, signedInUser(req));
    return { customInstructions: user.customInstructions };
  });
  contractRoute(app, r.updateInstructions, async ({ body }, req) => {
    const user = await sessionUser(ctx, signedInUser(req));
    const stored = await ctx.users.setCustomInstructions(user.id, body.customInstructions);
    return { customInstructions: stored.customInstructions };
  });
  contractRoute(app, r.systemPrompt, async ({ params, body }, req) => {
    const user = await sessionUser(ctx, signedInUser(req));
    const row = await ctx.conversations.update(user.id, params.id, { systemPrompt: body.systemPrompt });
    if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
    return toConversation(row, user.funMode);
  });
}
