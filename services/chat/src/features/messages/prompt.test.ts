import { describe, expect, it } from 'vitest';
import type { Message } from '../../generated/prisma/client';
import { funModeReply } from './fun-mode';
import { buildTurns, SYSTEM_PROMPT } from './prompt';

const msg = (
  role: 'user' | 'assistant',
  content: string,
  status: Message['status'] = 'complete',
): Message => ({
  id: 1,
  conversationId: 1,
  parentId: null,
  role,
  content,
  status,
  retryFree: false,
  stopRequested: false,
  leaseEpoch: 0,
  model: null,
  promptTokens: null,
  completionTokens: null,
  contextTrimmed: 0,
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('buildTurns', () => {
  it('never sends fun-mode commands or their acknowledgements to the model', () => {
    const turns = buildTurns(
      [msg('user', ':fun.mode=on'), msg('assistant', funModeReply(true)), msg('user', 'hi')],
      true,
    );
    expect(turns.map((t) => t.content).slice(1)).toEqual(['hi']);
    expect(turns[0]?.content).toContain('Fun mode is on');
  });
  it('drops empty failed replies but keeps partial ones', () => {
    const turns = buildTurns(
      [msg('user', 'a'), msg('assistant', '', 'failed'), msg('assistant', 'part', 'interrupted')],
      false,
    );
    expect(turns).toEqual([
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'part' },
    ]);
  });
});
