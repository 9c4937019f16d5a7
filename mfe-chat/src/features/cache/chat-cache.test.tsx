import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@noek/contracts';
import { chatCache } from './chat-cache';

const conv = (id: number): Conversation => ({
  id,
  title: `c${id}`,
  userId: 'u',
  createdAt: '',
  updatedAt: '',
  archivedAt: null,
  funMode: false,
});
const msg = (id: number): Message => ({
  id,
  conversationId: 1,
  role: 'user',
  content: `m${id}`,
  createdAt: '',
  status: 'complete',
});

describe('chatCache', () => {
  beforeEach(() => localStorage.clear());

  it('uses the spec key scheme: prefix, kind, user id, conversation id', () => {
    chatCache.setConversations('u1', [conv(1)]);
    chatCache.setMessages('u1', 7, [msg(1)]);
    expect(Object.keys(localStorage).sort()).toEqual(['noek:conversations:u1', 'noek:messages:u1:7']);
  });

  it('removes a deleted conversation from both caches', () => {
    chatCache.setConversations('u1', [conv(1), conv(2)]);
    chatCache.setMessages('u1', 1, [msg(1)]);
    chatCache.forgetConversation('u1', 1);
    expect(chatCache.messages('u1', 1)).toBeUndefined();
    expect(chatCache.conversations('u1')?.map((c) => c.id)).toEqual([2]);
  });

  it('keeps only the tail of a long conversation and survives bad JSON', () => {
    chatCache.setMessages(
      'u1',
      1,
      Array.from({ length: 500 }, (_, i) => msg(i)),
    );
    expect(chatCache.messages('u1', 1)?.length).toBe(200);
    localStorage.setItem('noek:conversations:u2', '{bad');
    expect(chatCache.conversations('u2')).toBeUndefined();
  });
});
