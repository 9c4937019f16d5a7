import { Lexer, Marked, type Token, type TokensList } from 'marked';
import markedFootnote from 'marked-footnote';
import { mathBlock, mathInline } from '../math/math-extension';
import { nestingLimit, withBlockNestingLimit } from './nesting-limit';

/**
 * CommonMark + GFM (tables, task lists, strikethrough, autolinks) through marked's lexer, plus
 * footnotes (marked-footnote) and TeX math. Only the lexer is used: tokens become React elements in
 * render-tokens.tsx, never HTML. `breaks` keeps chat's meaning of a single newline (a line break).
 */
// Order matters: marked runs extensions registered later first, and marked-footnote's block tokenizer
// must run first in a document (it pushes its footnotes list as the first token).
const marked = new Marked(
  { gfm: true, breaks: true },
  { extensions: [mathBlock, mathInline] },
  withBlockNestingLimit(markedFootnote()),
  nestingLimit,
);

function lexAll(text: string, links?: TokensList['links']): TokensList {
  const lexer = new Lexer(marked.defaults);
  if (links) Object.assign(lexer.tokens.links, links);
  const tokens = lexer.lex(text);
  // marked-footnote keeps state between documents and moves its footnotes list to the end in its
  // walkTokens hook, which marked only runs from parse(): run it here, as parse() would.
  const walk = marked.defaults.walkTokens;
  if (walk) marked.walkTokens(tokens, walk);
  return tokens;
}

/** marked-footnote puts an empty footnotes list in every document: keep it only when it has items. */
// Its list is also one object shared by every document it lexes: copy it, so a block memoised on
// token identity sees new footnotes.
const blocksOf = (tokens: Token[]): Token[] =>
  tokens.flatMap((t) => {
    if (t.type !== 'footnotes') return [t];
    const items = (t as { items?: unknown[] }).items ?? [];
    return items.length ? [{ ...t, items: [...items] }] : [];
  });

export interface Lexed {
  text: string;
  /** Top-level blocks. A block that did not change keeps its object identity across updates. */
  blocks: Token[];
  links: TokensList['links'];
  /** False when the blocks' raw text does not add up to the source: then every update lexes all. */
  incremental: boolean;
}

const FOOTNOTE = /\[\^[^\]\n]+\]/;

export function lexFull(text: string): Lexed {
  const tokens = lexAll(text);
  const blocks = blocksOf(tokens);
  let covered = 0;
  for (const t of blocks) if (t.type !== 'footnotes') covered += t.raw.length;
  return { text, blocks, links: tokens.links, incremental: covered === text.length };
}

/**
 * Lexes a reply that grew from `prev.text` to `text` (streaming): blocks before the last non-blank one
 * are final (a later line cannot change them), so only the text from that block on is lexed again,
 * with the link definitions seen so far. A reply with footnotes, or whose new tail defines a link
 * (it may change earlier blocks), is lexed whole.
 */
export function lexIncremental(prev: Lexed | null, text: string): Lexed {
  if (!prev || !prev.incremental || !text.startsWith(prev.text) || FOOTNOTE.test(text)) return lexFull(text);
  let keep = prev.blocks.length;
  while (keep > 0 && prev.blocks[keep - 1]?.type === 'space') keep--;
  keep = Math.max(0, keep - 1);
  let offset = 0;
  for (let i = 0; i < keep; i++) offset += prev.blocks[i]?.raw.length ?? 0;
  const tail = lexAll(text.slice(offset), prev.links);
  if (tail.some((t) => t.type === 'def')) return lexFull(text);
  return {
    text,
    blocks: [...prev.blocks.slice(0, keep), ...blocksOf(tail)],
    links: tail.links,
    incremental: true,
  };
}

/** A lexer that remembers its last result: call it with each new version of one message's text. */
export function createIncrementalLexer(): (text: string) => Token[] {
  let last: Lexed | null = null;
  return (text) => {
    last = lexIncremental(last, text.replace(/\r\n?/g, '\n'));
    return last.blocks;
  };
}

// One of each block and inline kind (no footnotes: marked-footnote keeps state between documents).
const WARM_SAMPLE = [
  '### Title',
  'Text with **bold**, *em*, ~~del~~, `code`, a [link](https://example.com) and $x^2$.',
  '- item\n  - nested\n- [x] done',
  '1. first\n2. second',
  '| a | b |\n|---|:-:|\n| 1 | 2 |',
  '> quote',
  '```ts\nconst a = 1;\n```',
  '$$\na + b\n$$',
].join('\n\n');

/**
 * The first parse in a page is 10-30x slower than the next (V8 compiles marked's code and regular
 * expressions on first use): about 20 ms here, paid by the first conversation opened. The chat runs
 * this once when the browser is idle after the renderer chunk arrives, so the reader does not.
 */
export function warmUp(): void {
  lexFull(WARM_SAMPLE);
}
