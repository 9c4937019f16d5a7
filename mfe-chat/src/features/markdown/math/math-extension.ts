import type { TokenizerAndRendererExtension, Tokens } from 'marked';

/**
 * marked extensions that recognise TeX delimiters as `math` tokens (KaTeX renders them later, in a
 * lazy chunk): `$$…$$` and `\[…\]` as display math, `$…$` and `\(…\)` inline. The patterns follow
 * marked-katex-extension's: a `$` must hug its formula (`$x$`, not `$ 5 and $`) and the closing `$`
 * must not be followed by a digit, so prices ("$5 and $10") stay text.
 */
export interface MathToken extends Tokens.Generic {
  type: 'math';
  raw: string;
  text: string;
  display: boolean;
}

const BLOCK_DOLLARS = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n|$)/;
const BLOCK_BRACKETS = /^ {0,3}\\\[([\s\S]+?)\\\][ \t]*(?:\n|$)/;
const INLINE_DOLLARS = /^\$\$(?!\$)([^\n]+?)\$\$|^\$(?![\s$])((?:\\.|[^\\\n$])+?)(?<![\s\\])\$(?!\d)/;
const INLINE_PARENS = /^\\\(((?:\\[^)]|[^\\\n])+?)\\\)/;
const INLINE_BRACKETS = /^\\\[((?:\\[^\]]|[^\\\n])+?)\\\]/;

const mathToken = (raw: string, text: string, display: boolean): MathToken => ({
  type: 'math',
  raw,
  text: text.trim(),
  display,
});

export const mathBlock: TokenizerAndRendererExtension = {
  name: 'mathBlock',
  level: 'block',
  tokenizer(src) {
    const m = BLOCK_DOLLARS.exec(src) ?? BLOCK_BRACKETS.exec(src);
    if (m?.[1]?.trim()) return mathToken(m[0], m[1], true);
    return undefined;
  },
  renderer: () => '',
};

export const mathInline: TokenizerAndRendererExtension = {
  name: 'mathInline',
  level: 'inline',
  start(src) {
    const i = src.search(/\$|\\[([]/);
    return i < 0 ? undefined : i;
  },
  tokenizer(src) {
    const dollars = INLINE_DOLLARS.exec(src);
    if (dollars) return mathToken(dollars[0], dollars[1] ?? dollars[2] ?? '', dollars[1] !== undefined);
    const parens = INLINE_PARENS.exec(src);
    if (parens) return mathToken(parens[0], parens[1] ?? '', false);
    const brackets = INLINE_BRACKETS.exec(src);
    if (brackets) return mathToken(brackets[0], brackets[1] ?? '', true);
    return undefined;
  },
  renderer: () => '',
};

/** Cheap test used to decide whether a reply needs KaTeX at all. */
export const mightContainMath = (text: string) => /\$|\\[([]/.test(text);
