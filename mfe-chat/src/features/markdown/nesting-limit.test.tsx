import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import MarkdownView from './markdown-view';
import { lexFull } from './parse/lex-blocks';
import { MAX_BLOCK_DEPTH, MAX_INLINE_DEPTH } from './parse/nesting-limit';

afterEach(cleanup);

const N = 16_000;

/** The deepest chain of `selector` elements nested in one another. */
function depthOf(root: Element, selector: string): number {
  let max = 0;
  for (const el of root.querySelectorAll(selector)) {
    let d = 0;
    for (let p: Element | null = el; p && p !== root; p = p.parentElement) if (p.matches(selector)) d++;
    max = Math.max(max, d);
  }
  return max;
}

// Each of these overflowed the stack while lexing (RangeError) before the limit: the conversation
// holding it showed 'Chat is unavailable right now' every time it was opened.
const hostile: [string, string, string][] = [
  ['16k nested quotes', '>'.repeat(N) + ' deep', 'blockquote'],
  ['16k nested quotes, spaced', '> '.repeat(N) + 'deep', 'blockquote'],
  ['16k nested bullet lists', '- '.repeat(N) + 'deep', 'ul'],
  ['16k nested ordered lists', '1. '.repeat(N) + 'deep', 'ol'],
  ['16k quotes and lists', '> - '.repeat(N / 2) + 'deep', 'blockquote, ul'],
  ['16k nested underscores', '_'.repeat(N) + 'deep' + '_'.repeat(N), 'em, strong'],
  ['16k nested asterisks', '*'.repeat(N) + 'deep' + '*'.repeat(N), 'em, strong'],
  // A definition inside a definition: not shown (no reference), but it too lexed by recursion.
  ['16k nested footnote definitions', '[^a]: '.repeat(N) + 'deep', ''],
];

describe('markdown nesting is bounded', () => {
  it.each(hostile)('%s: lexes without overflowing the stack', (_, text) => {
    expect(() => lexFull(text)).not.toThrow();
  });

  it.each(hostile)('%s: renders, bounded in depth, the rest as plain text', (_, text, selector) => {
    const { container } = render(<MarkdownView text={text} />);
    const md = container.querySelector('.chat-md')!;
    expect(md.querySelectorAll('*').length).toBeLessThan(1000);
    if (!selector) return;
    expect(depthOf(md, selector)).toBeGreaterThan(0);
    expect(depthOf(md, selector)).toBeLessThanOrEqual(Math.max(MAX_BLOCK_DEPTH, MAX_INLINE_DEPTH) + 1);
    // Nothing typed is lost: the text past the limit is there, as typed.
    expect(md.textContent).toContain('deep');
  });

  it('past the limit the rest of a quote is one plain-text paragraph of its source', () => {
    const { container } = render(<MarkdownView text={'>'.repeat(100) + ' *still* text'} />);
    expect(depthOf(container, 'blockquote')).toBe(MAX_BLOCK_DEPTH);
    const flat = container.querySelector('[data-testid="markdown-flat"]');
    expect(flat?.textContent).toBe('>'.repeat(100 - MAX_BLOCK_DEPTH) + ' *still* text');
    expect(container.querySelector('em')).toBeNull();
  });

  it('nesting below the limit renders as usual', () => {
    const text = '> > > quoted **bold** _em_\n\n- a\n  - b\n    - c';
    const { container } = render(<MarkdownView text={text} />);
    expect(depthOf(container, 'blockquote')).toBe(3);
    expect(depthOf(container, 'ul')).toBe(3);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('em');
    expect(container.querySelector('[data-testid="markdown-flat"]')).toBeNull();
  });
});
