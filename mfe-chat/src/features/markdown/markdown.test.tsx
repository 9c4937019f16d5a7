import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import MarkdownView from './markdown-view';
import { grammarName } from './code/grammars';
import { loadHighlighter } from './code/use-highlight';
import { loadKatex } from './math/math';
import { ensureStandardsMode } from './corpus/standards-mode';
import { XSS_CORPUS } from './xss-corpus';

afterEach(cleanup);
// Everything the corpus loads lazily is loaded first (KaTeX, highlight.js and the grammars its code
// fences name): formulas really go through katex.render, and a render is complete when render()
// returns, with nothing left to settle.
beforeAll(async () => {
  ensureStandardsMode();
  const named = XSS_CORPUS.flatMap((t) => [...t.matchAll(/```(\S+)/g)].map((m) => grammarName(m[1]!)));
  const highlighter = await loadHighlighter();
  await Promise.all([
    loadKatex(),
    ...named.flatMap((name) => (name === null ? [] : [highlighter.loadGrammar(name)])),
  ]);
});

/**
 * `hosts`: no attribute may point at evil.example. Not for streamed prefixes: half a formula such
 * as `\\(\\href{https://evil.example` is honest text with an https URL in it, which GFM autolinks.
 */
function expectInert(container: HTMLElement, hosts = true) {
  expect(container.querySelector('script, img, iframe, object, embed, details, style, form')).toBeNull();
  // SVG only where KaTeX drew it (square roots, stretchy arrows), never from the source text.
  for (const svg of container.querySelectorAll('svg')) expect(svg.closest('.katex')).not.toBeNull();
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) {
      expect(attr.startsWith('on')).toBe(false);
      if (['href', 'src', 'style', 'srcdoc', 'action'].includes(attr))
        expect(el.getAttribute(attr)).not.toMatch(
          hosts ? /evil\.example|javascript:|data:/i : /javascript:|data:/i,
        );
    }
  }
  for (const a of container.querySelectorAll('a'))
    expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:|\/(?![/\\])|#)/);
  expect(container.querySelector('.katex a, .chat-math a')).toBeNull();
  expect((window as { __xss?: number }).__xss).toBeUndefined();
}

describe('Markdown renders the XSS corpus inert', () => {
  it.each(XSS_CORPUS)('%s', async (input) => {
    const { container } = render(<MarkdownView text={input} />);
    expectInert(container);
  });

  it.each(XSS_CORPUS)('streamed, one character at a time: %s', (input) => {
    const { container, rerender } = render(<MarkdownView text="" />);
    for (let i = 1; i <= input.length; i++) {
      rerender(<MarkdownView text={input.slice(0, i)} />);
      expectInert(container, false);
    }
  });

  it('shows raw HTML as text', () => {
    const { container } = render(<MarkdownView text={'<b>hi</b>'} />);
    expect(container.textContent).toBe('<b>hi</b>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows HTML in a table cell as text', () => {
    const { container } = render(<MarkdownView text={'| a |\n|---|\n| <i>x</i> |'} />);
    expect(container.querySelector('td')?.textContent).toBe('<i>x</i>');
    expect(container.querySelector('i')).toBeNull();
  });

  it('refuses KaTeX \\href and \\url: the formula is shown as its source', () => {
    const { container } = render(
      <MarkdownView text={'$\\href{https://evil.example}{x}$ and $\\url{https://evil.example}$'} />,
    );
    const sources = [...container.querySelectorAll('.chat-math--source')].map((e) => e.textContent);
    expect(sources).toEqual(['$\\href{https://evil.example}{x}$', '$\\url{https://evil.example}$']);
    expect(container.querySelector('a')).toBeNull();
  });

  it('a script-URL reference link stays text', () => {
    const { container } = render(<MarkdownView text={'[click][e]\n\n[e]: javascript:alert(1)'} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('[click][e]');
  });

  it('the lazy wrapper shows plain text first, then the rendered markdown', async () => {
    const { container } = render(<Markdown text={'**bold** and <b>raw</b>'} />);
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('bold'));
    expect(container.querySelector('b')).toBeNull();
  });
});
