import { describe, expect, it } from 'vitest';
import { exportedConversationSchema } from '@noek/contracts';
import { toExportedConversation, toMarkdown } from './conversation-export';

const at = new Date('2026-11-26T00:00:00.000Z');
const conversation = {
  id: 7,
  userId: 'u',
  title: 'Trip',
  createdAt: at,
  updatedAt: at,
  archivedAt: null,
  systemPrompt: null,
  currentLeafId: null,
  model: null,
};
const message = (id: number, role: 'user' | 'assistant', content: string, status = 'complete') => ({
  id,
  conversationId: 7,
  parentId: id === 1 ? null : id - 1,
  role,
  content,
  status,
  retryFree: false,
  stopRequested: false,
  leaseEpoch: 0,
  createdAt: at,
  updatedAt: at,
});

describe('conversation export', () => {
  const rows = [
    message(1, 'user', 'Where?'),
    message(2, 'assistant', '**Lisbon**', 'interrupted'),
  ] as never[];
  it('gives each message its parent in the tree', () => {
    const e = exportedConversationSchema.parse(toExportedConversation(conversation, rows));
    expect(e.messages.map((m) => [m.id, m.parentId])).toEqual([
      [1, null],
      [2, 1],
    ]);
  });
  it('renders Markdown with authors, content as written and the interrupted note', () => {
    const md = toMarkdown(toExportedConversation(conversation, rows));
    expect(md).toBe(
      '# Trip\n\n### You · 2026-11-26T00:00:00.000Z\n\nWhere?\n\n### Assistant · 2026-11-26T00:00:00.000Z\n\n**Lisbon**\n\n_(reply interrupted)_\n',
    );
  });
});
