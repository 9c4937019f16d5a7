import type { Token, Tokens } from 'marked';

/**
 * The HTML level of each heading of a message, set by `assignHeadingLevels` and read by the renderer.
 * Keyed by token: a finished block keeps its token while a reply streams, so its heading keeps its level.
 */
const levels = new WeakMap<Token, number>();

/** The page's own heading above the messages (the conversation's title). */
const PAGE_LEVEL = 1;

/**
 * Gives each heading of a message (top level, in quotes and in lists, in reading order) a level one
 * below its markdown depth (`#` is h2: the page's title is the h1), never more than one deeper than the
 * heading before it: a reply that opens with `###` still reads as a section of the page, so the page's
 * outline never skips a level (screen readers navigate by it; Lighthouse's heading-order audit checks it).
 * A heading's level depends only on those before it, so later text never changes an earlier one.
 */
export function assignHeadingLevels(blocks: readonly Token[]): void {
  let previous = PAGE_LEVEL;
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'heading') {
        const depth = (token as Tokens.Heading).depth;
        const level = Math.min(depth + PAGE_LEVEL, previous + 1, 6);
        levels.set(token, level);
        previous = level;
      } else if (token.type === 'blockquote') visit((token as Tokens.Blockquote).tokens);
      else if (token.type === 'list') for (const item of (token as Tokens.List).items) visit(item.tokens);
    }
  };
  visit(blocks);
}

/** The level `assignHeadingLevels` gave `token` (a lone heading: one below its depth). */
export function headingLevel(token: Tokens.Heading): number {
  return levels.get(token) ?? Math.min(token.depth + PAGE_LEVEL, 6);
}
