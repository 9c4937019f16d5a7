import type { ExportFormat } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { sessionUser } from '../users/session-user';
import { toExportedConversation, toMarkdown } from './conversation-export';

/** One of the user's conversations as a file: its name, type and text. */
export async function exportConversation(
  ctx: ChatContext,
  auth: AuthUser,
  id: number,
  format: ExportFormat,
): Promise<{ filename: string; contentType: string; body: string }> {
  const user = await sessionUser(ctx, auth);
  const conversation = await ctx.conversations.findOwned(user.id, id);
  if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  // Markdown reads as the conversation shown (its current path); JSON keeps the whole tree.
  if (format === 'markdown') {
    const path = toExportedConversation(conversation, await ctx.tree.path(id, {}));
    return { filename: `noek-${id}.md`, contentType: 'text/markdown; charset=utf-8', body: toMarkdown(path) };
  }
  const exported = toExportedConversation(conversation, await ctx.exports.tree(id));
  return {
    filename: `noek-${id}.json`,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(exported, null, 2),
  };
}
