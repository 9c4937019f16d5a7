import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@noek/contracts';
import { applyStreamEvent, streamingReply } from './apply-stream-event';

const m = (
  id: number,
  role: Message['role'],
  content = '',
  status: Message['status'] = 'complete',
): Message => ({
  id,
  conversationId: 1,
  role,
  content,
  status,
  createdAt: '2026-01-01T10:00:00Z',
});
const conversation = { id: 1 } as Conversation;

describe('applyStreamEvent', () => {
  it('adds the stored user message and the reply placeholder, then appends tokens, then the stored reply', () => {
    let list = applyStreamEvent([], {
      type: 'started',
      userMessage: m(1, 'user', 'hi'),
      assistantMessage: m(2, 'assistant', '', 'streaming'),
      conversation,
    });
    list = applyStreamEvent(list, { type: 'token', messageId: 2, text: 'He' });
    list = applyStreamEvent(list, { type: 'token', messageId: 2, text: 'llo' });
    expect(list.map((x) => x.content)).toEqual(['hi', 'Hello']);
    expect(streamingReply(list)?.id).toBe(2);
    list = applyStreamEvent(list, { type: 'done', assistantMessage: m(2, 'assistant', 'Hello!') });
    expect(list.at(-1)).toEqual(m(2, 'assistant', 'Hello!'));
    expect(streamingReply(list)).toBeUndefined();
  });

  it('a retry reuses the reply id; a snapshot replaces the partial content', () => {
    const start = [m(1, 'user', 'q'), m(2, 'assistant', 'par', 'interrupted')];
    let list = applyStreamEvent(start, {
      type: 'started',
      userMessage: null,
      assistantMessage: m(2, 'assistant', '', 'streaming'),
      conversation,
    });
    expect(list).toHaveLength(2);
    list = applyStreamEvent(list, {
      type: 'snapshot',
      assistantMessage: m(2, 'assistant', 'partial so far', 'streaming'),
    });
    expect(list[1]?.content).toBe('partial so far');
  });

  it('ignores tokens of an unknown message', () => {
    const list = [m(1, 'user')];
    expect(applyStreamEvent(list, { type: 'token', messageId: 9, text: 'x' })).toBe(list);
  });
});

describe('a path message updated by its stream', () => {
  it('keeps its place in the tree and its feedback (the stream does not carry them)', () => {
    const shown = { ...m(2, 'assistant', 'He', 'streaming'), parentId: 1, branch: { index: 1, count: 2 } };
    const list = applyStreamEvent([m(1, 'user', 'hi'), shown], {
      type: 'done',
      assistantMessage: m(2, 'assistant', 'Hello'),
    });
    expect(list[1]).toMatchObject({ content: 'Hello', status: 'complete', branch: { index: 1, count: 2 } });
  });
});
