// The benchmark's material: a long reply full of tables, lists, code and math, cut into model-sized
// tokens, and a 500-message conversation of realistic replies.
import type { Message } from '@noek/contracts';
import {
  CODE_SAMPLES,
  codeReply,
  MATH_REPLY,
  MIXED_REPLY,
  NESTED_LIST_REPLY,
  TABLE_REPLY,
} from '../../mfe-chat/src/features/markdown/corpus/replies';

const LANGS = Object.keys(CODE_SAMPLES);

/** Sections in the order a long answer might have them, repeated until the reply is long enough. */
function section(i: number): string {
  switch (i % 5) {
    case 0:
      return `### Part ${i + 1}\n\n${TABLE_REPLY}`;
    case 1:
      return NESTED_LIST_REPLY;
    case 2:
      return codeReply(LANGS[i % LANGS.length] as string);
    case 3:
      return MATH_REPLY;
    default:
      return `A paragraph that explains the previous part in plain words, with **emphasis**, \`code\` and a [link](https://example.com/${i}). It goes on for a while, the way answers do, so that text sits between the structured blocks.`;
  }
}

/** Model-like tokens: a word or a run of punctuation with its leading space, at most 6 characters. */
export function tokenize(text: string): string[] {
  return text.match(/\s*[A-Za-z0-9]{1,6}|\s*[^\sA-Za-z0-9]{1,3}|\s+/g) ?? [];
}

export function longReply(targetTokens: number): string[] {
  const parts: string[] = [];
  let tokens: string[] = [];
  for (let i = 0; tokens.length < targetTokens; i++) {
    parts.push(section(i));
    tokens = tokenize(parts.join('\n\n'));
  }
  return tokens.slice(0, targetTokens);
}

const SAMPLES = [
  'Short answer.',
  TABLE_REPLY,
  'Can you show me the setup steps?',
  NESTED_LIST_REPLY,
  codeReply('python'),
  MATH_REPLY,
  'Here is some **bold** text, a [link](https://example.com) and `inline code`.',
  MIXED_REPLY,
  codeReply('typescript'),
];

export function conversation(n: number): Message[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    conversationId: 1,
    role: i % 2 ? 'assistant' : 'user',
    content: SAMPLES[i % SAMPLES.length] as string,
    createdAt: new Date(Date.UTC(2026, 0, 1, 10, i % 60)).toISOString(),
    status: 'complete',
  }));
}
