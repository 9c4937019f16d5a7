import type { Conversation, Message } from '@noek/contracts';
import type { Conversation as ConversationRow, Message as MessageRow } from '../../generated/prisma/client';

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
  };
}
