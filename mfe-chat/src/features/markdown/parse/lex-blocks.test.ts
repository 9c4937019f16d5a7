import { describe, expect, it } from 'vitest';
import { MIXED_REPLY, NESTED_LIST_REPLY, TABLE_REPLY } from '../corpus/replies';
import { createIncrementalLexer, lexFull, lexIncremental, warmUp, type Lexed } from './lex-blocks';

const tricky = [
  TABLE_REPLY,
  'row continues\n\nSetext\n---',
  '> quote\nlazy continuation',
  NESTED_LIST_REPLY,
  '- a\n\n  still a\n- b',
  '$$\n\\int_0^1 x\\,dx\n$$\n',
  '[ref][1] before its definition\n\n[1]: https://example.com\n\nafter [ref][1]',
  '    indented code\n\n<div>\nhtml block\n</div>',
  '```py\ndef f():\n    return 1',
  MIXED_REPLY,
].join('\n\n');

describe('incremental lexing', () => {
  it('gives exactly the tokens of a full lex after every character', () => {
    let prev: Lexed | null = null;
    for (let i = 1; i <= tricky.length; i++) {
      const text = tricky.slice(0, i);
      prev = lexIncremental(prev, text);
      expect(JSON.stringify(prev.blocks)).toBe(JSON.stringify(lexFull(text).blocks));
    }
  }, 60_000); // a full lex per character, to compare against: quadratic, on a shared machine

  it('keeps finished blocks as the same objects, so React can skip them', () => {
    const lex = createIncrementalLexer();
    const first = lex(`${TABLE_REPLY}\n\nA new paragraph`);
    const second = lex(`${TABLE_REPLY}\n\nA new paragraph that grows`);
    const table = first.find((t) => t.type === 'table');
    expect(second.find((t) => t.type === 'table')).toBe(table);
    expect(second.at(-1)).not.toBe(first.at(-1));
  });

  it('starts over when the text is not a continuation (edit, regenerate)', () => {
    const lex = createIncrementalLexer();
    lex('# One\n\ntext');
    expect(lex('Two')).toEqual(lexFull('Two').blocks);
  });

  it('a reply streamed in model-sized tokens lexes the same as a whole', () => {
    const lex = createIncrementalLexer();
    let text = '';
    let blocks: unknown[] = [];
    for (const token of `${tricky}\n\n${tricky}`.match(/\s*\S{1,4}|\s+/g) ?? [])
      blocks = lex((text += token));
    expect(JSON.stringify(blocks)).toBe(JSON.stringify(lexFull(text).blocks));
  });
});

describe('warmUp', () => {
  it('leaves nothing behind that changes a later parse (footnotes included)', () => {
    const text = `${tricky}\n\nA note[^1].\n\n[^1]: The note.`;
    // marked-footnote numbers its references with a counter of its own across documents: leave the
    // ids out, compare the rest.
    const shape = (t: string) =>
      JSON.stringify(lexFull(t).blocks, (k, v: unknown) => (k === 'id' ? undefined : v));
    const before = shape(text);
    warmUp();
    expect(shape(text)).toBe(before);
  });
});
