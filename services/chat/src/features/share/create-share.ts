import { randomBytes } from 'node:crypto';
import type { CreateShareRequest, ShareLink } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { sessionUser } from '../users/session-user';
import { toShareLink } from './share.mapper';
import { sharingDisabled } from './share-errors';

const DAY_MS = 86_400_000;

/**
 * A public link to the conversation as it is now: its messages are copied, so what is shared never
 * changes afterwards (later messages, edits and deletion of messages stay private). Replies still being
 * written and failed empty ones are left out.
 */
export async function createShare(
  ctx: ChatContext,
  auth: AuthUser,
  conversationId: number,
  input: CreateShareRequest,
): Promise<ShareLink> {
  if (!ctx.sharing.enabled()) throw sharingDisabled();
  const user = await sessionUser(ctx, auth);
  const conversation = await ctx.conversations.findOwned(user.id, conversationId);
  if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  // The path the owner sees now (their current branch).
  const messages = (await ctx.tree.path(conversationId, {}))
    .filter((m) => m.status !== 'streaming' && m.content.length > 0)
    .map((m) => ({ role: m.role, content: m.content, createdAt: m.createdAt.toISOString() }));
  const now = ctx.now();
  const row = await ctx.shares.create({
    id: randomBytes(16).toString('base64url'),
    conversationId,
    userId: user.id,
    title: conversation.title,
    messages,
    expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
  });
  return toShareLink(row);
}
