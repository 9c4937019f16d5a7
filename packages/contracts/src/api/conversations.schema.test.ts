import { describe, expect, it } from 'vitest';
import { conversationIdParamsSchema } from '../common/ids.schema';
import { MESSAGE_MAX_LENGTH } from '../constants';
import {
  createConversationRequestSchema,
  sendMessageRequestSchema,
  updateConversationRequestSchema,
} from './conversations.schema';

describe('conversation schemas', () => {
  it('defaults the title to New Chat and trims a given one', () => {
    expect(createConversationRequestSchema.parse({}).title).toBe('New Chat');
    expect(createConversationRequestSchema.parse({ title: '  Trip  ' }).title).toBe('Trip');
  });
  it('refuses an empty trimmed title on rename', () => {
    expect(updateConversationRequestSchema.safeParse({ title: '   ' }).success).toBe(false);
    expect(updateConversationRequestSchema.parse({ title: ' Plans ' })).toEqual({ title: 'Plans' });
  });
  it('trims message content, refuses blank and oversized content', () => {
    expect(sendMessageRequestSchema.parse({ content: '  hi \n' }).content).toBe('hi');
    expect(sendMessageRequestSchema.safeParse({ content: ' \n\t ' }).success).toBe(false);
    expect(sendMessageRequestSchema.safeParse({ content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
    expect(sendMessageRequestSchema.safeParse({}).success).toBe(false);
  });
  it('coerces path ids and refuses anything but a positive int4', () => {
    expect(conversationIdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', '1e3', 'abc', '', '2147483648', '99999999999']) {
      expect(conversationIdParamsSchema.safeParse({ id }).success, id).toBe(false);
    }
    expect(conversationIdParamsSchema.parse({ id: '2147483647' }).id).toBe(2147483647);
  });
});
