import { NOEK_CONVERSATION_FORMAT, type ExportedConversation } from '@noek/contracts';
import type { Conversation as ConversationRow, Message as MessageRow } from '../../generated/prisma/client';

/** The columns of a message an export writes. */
export type ExportedMessageRow = Pick<
  MessageRow,
  'id' | 'parentId' | 'role' | 'content' | 'status' | 'createdAt'
>;

/**
 * Noek's JSON export of one conversation: the whole message tree (edits and regenerates are siblings),
 * each message with its parent, so an importer rebuilds the same tree from `parentId`.
 */
export function toExportedConversation(
  c: ConversationRow,
  messages: ExportedMessageRow[],
): ExportedConversation {
  return {
    format: NOEK_CONVERSATION_FORMAT,
    version: 1,
    id: c.id,
    title: c.title,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    archivedAt: c.archivedAt?.toISOString() ?? null,
    messages: messages.map((m) => ({
      id: m.id,
      parentId: m.parentId,
      role: m.role,
      content: m.content,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

const roleHeading = { user: 'You', assistant: 'Assistant' } as const;
const statusNote = { interrupted: '_(reply interrupted)_', failed: '_(reply failed)_' } as const;

/** The same conversation as Markdown: a title, then each message under its author with its time. */
export function toMarkdown(e: ExportedConversation): string {
  const parts = [`# ${e.title}`, ''];
  for (const m of e.messages) {
    parts.push(`### ${roleHeading[m.role]} · ${m.createdAt}`, '', m.content);
    if (m.status === 'interrupted' || m.status === 'failed') parts.push('', statusNote[m.status]);
    parts.push('');
  }
  return parts.join('\n');
}
