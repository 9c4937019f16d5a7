import type { Conversation, Message, PathMessage } from '@noek/contracts';
import type { Conversation as ConversationRow, Message as MessageRow } from '../../generated/prisma/client';
import type { PathRow } from '../messages/message-tree.repository';

/** Wire shape of a conversation; fun mode is the owner's (one switch per user, shown per conversation). */
export function toConversation(row: ConversationRow, funMode: boolean): Conversation {
  return {
    id: row.id,
    title: row.title,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    funMode,
    systemPrompt: row.systemPrompt,
    model: row.model,
  };
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    model: row.model,
    tokens:
      row.promptTokens === null || row.completionTokens === null
        ? null
        : { prompt: row.promptTokens, completion: row.completionTokens },
    contextTrimmed: row.contextTrimmed,
  };
}

/** A message of the path shown, with its place among its siblings (the branch navigation). */
export function toPathMessage(row: PathRow, content = row.content): PathMessage {
  return {
    ...toMessage(row),
    content,
    parentId: row.parentId,
    branch: { index: row.branchIndex, count: row.branchCount },
    feedback: row.feedbackRating ? { rating: row.feedbackRating, comment: row.feedbackComment } : null,
  };
}
