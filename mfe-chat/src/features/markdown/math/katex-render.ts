/**
 * The KaTeX chunk (with its CSS and fonts), fetched only when a reply contains math.
 * katex.render builds DOM nodes with createElement and the CSSOM (no innerHTML, no inline style
 * attributes to parse, no eval). Safety settings:
 * - no command needing trust runs: \href, \url, \includegraphics, \htmlClass, \htmlId, \htmlStyle,
 *   \htmlData. `trust` is a function that refuses like `trust: false` does, but by throwing, so
 *   the whole formula is shown as its source instead of a red fragment (KaTeX asks it for each such
 *   command before building anything);
 * - maxSize and maxExpand bound what a hostile formula can cost (macro bombs, huge spacing).
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';

export const MAX_TEX_LENGTH = 4000;

function refuse(context: { command: string }): boolean {
  throw new Error(`${context.command} is not allowed in chat formulas`);
}

/** Renders into `el`; throws when the formula does not parse (the caller shows its source). */
export function renderTex(tex: string, el: HTMLElement, display: boolean): void {
  if (tex.length > MAX_TEX_LENGTH) throw new Error('formula too long');
  katex.render(tex, el, {
    displayMode: display,
    throwOnError: true,
    trust: refuse,
    strict: 'ignore',
    maxSize: 50,
    maxExpand: 1000,
    output: 'htmlAndMathml',
  });
}
