import { describe, expect, it } from 'vitest';
import type { Message } from '@noek/contracts';
import { estimateHeight } from './estimate-height';

const message = (content: string): Message => ({
  id: 1,
  conversationId: 1,
  role: 'assistant',
  content,
  createdAt: '2026-01-01T10:00:00.000Z',
  status: 'complete',
});

describe('estimateHeight', () => {
  it('is the header plus one line for a one-line message', () => {
    expect(estimateHeight(message('Short answer.'))).toBe(52 + 17);
  });

  it('counts every source line, a blank one too', () => {
    expect(estimateHeight(message('| a | b |\n|---|---|\n\n| 1 | 2 |'))).toBe(52 + 4 * 17);
  });

  it('counts a long line as the lines it wraps to', () => {
    expect(estimateHeight(message('x'.repeat(181)))).toBe(52 + 3 * 17);
  });

  it('an empty reply (streaming, no token yet) is one line high', () => {
    expect(estimateHeight(message(''))).toBe(52 + 17);
  });
});
