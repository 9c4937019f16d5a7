import { describe, expect, it } from 'vitest';
import { contextWindowOf } from './context-window';
import { fitContext } from './fit-context';
import type { ChatTurn } from './model.types';

const turn = (role: ChatTurn['role'], words: number, tag: string): ChatTurn => ({
  role,
  content: `${tag} ${'word '.repeat(words)}`,
});

describe('the history fits the model', () => {
  it('leaves a short conversation whole', async () => {
    const turns = [
      turn('system', 10, 's'),
      turn('user', 10, 'u1'),
      turn('assistant', 10, 'a1'),
      turn('user', 5, 'u2'),
    ];
    expect(await fitContext(turns, 8_192)).toEqual({ turns, dropped: 0 });
  });

  it('drops the oldest messages, keeping the system prompt and the newest message', async () => {
    const turns = [
      turn('system', 50, 'system'),
      turn('user', 400, 'oldest'),
      turn('assistant', 400, 'old'),
      turn('user', 400, 'recent'),
      turn('assistant', 100, 'answer'),
      turn('user', 20, 'newest'),
    ];
    const { turns: kept, dropped } = await fitContext(turns, 1_000);
    expect(dropped).toBe(2);
    expect(kept.map((t) => t.content.split(' ')[0])).toEqual(['system', 'recent', 'answer', 'newest']);
  });

  it('knows the windows of common hosted models and falls back for the rest and for local ones', () => {
    expect(contextWindowOf('gpt-4o-mini', false, 8_192)).toBe(128_000);
    expect(contextWindowOf('gpt-3.5-turbo', false, 8_192)).toBe(16_385);
    expect(contextWindowOf('my-finetune', false, 4_096)).toBe(4_096);
    expect(contextWindowOf('llama3.1:8b', true, 4_096)).toBe(4_096);
  });
});
