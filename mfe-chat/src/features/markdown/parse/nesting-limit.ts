import { Tokenizer, type MarkedExtension, type Tokens } from 'marked';

/**
 * How deep containers (quotes, lists) and inline spans (emphasis, strikethrough, link text) may nest.
 * marked lexes nesting by recursion: 16,000 nested quotes or underscores overflow the stack and the
 * whole conversation fails to render. Below the limit markdown renders as usual; at the limit the
 * rest of that container or span is one plain-text token (the source as typed), so no message can
 * break the view, and lexing stays linear. Far deeper than any real text (the CommonMark spec's own
 * examples nest a few levels).
 */
export const MAX_BLOCK_DEPTH = 24;
export const MAX_INLINE_DEPTH = 24;

/** The rest of a block container past the limit: rendered as its source, in plain text. */
export interface FlatBlockToken {
  type: 'flatBlock';
  raw: string;
  text: string;
}

// Lexing is synchronous and marked's tokenizer is one object per Marked instance: a counter per kind.
let blockDepth = 0;
let inlineDepth = 0;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tokenizer's `this` differs by kind
type Fn<A extends unknown[], R> = (this: any, ...args: A) => R;

// marked types each tokenizer's answer as its own token kind; past the limit the answer is another kind
// (marked takes any token with a `raw`), hence the casts.
function guardBlock<A extends [string, ...unknown[]], R>(original: Fn<A, R>): Fn<A, R> {
  return function (this: unknown, ...args: A) {
    if (blockDepth >= MAX_BLOCK_DEPTH) {
      const src = args[0];
      const flat: FlatBlockToken = { type: 'flatBlock', raw: src, text: src.replace(/\n+$/, '') };
      return flat as unknown as R;
    }
    blockDepth++;
    try {
      return original.apply(this, args);
    } finally {
      blockDepth--;
    }
  };
}

function guardInline<A extends [string, ...unknown[]], R>(original: Fn<A, R>): Fn<A, R> {
  return function (this: unknown, ...args: A) {
    if (inlineDepth >= MAX_INLINE_DEPTH) {
      // Inside a span at the limit: its whole remaining text is one text token (the first guarded
      // tokenizer tried here takes it), without lexing it, which is what would recurse.
      const src = args[0];
      const text: Tokens.Text = { type: 'text', raw: src, text: src, escaped: false };
      return text as unknown as R;
    }
    inlineDepth++;
    try {
      return original.apply(this, args);
    } finally {
      inlineDepth--;
    }
  };
}

const t = Tokenizer.prototype;

/** marked extension: the nesting limit on every tokenizer that lexes its content again. */
export const nestingLimit: MarkedExtension = {
  tokenizer: {
    blockquote: guardBlock(t.blockquote),
    list: guardBlock(t.list),
    emStrong: guardInline(t.emStrong),
    del: guardInline(t.del),
    link: guardInline(t.link),
    reflink: guardInline(t.reflink),
  },
};

/** The same limit on an extension's block tokenizers that lex their content again (marked-footnote's). */
export function withBlockNestingLimit(extension: MarkedExtension): MarkedExtension {
  return {
    ...extension,
    extensions: extension.extensions?.map((ext) =>
      'tokenizer' in ext && ext.level === 'block' ? { ...ext, tokenizer: guardBlock(ext.tokenizer) } : ext,
    ),
  };
}
