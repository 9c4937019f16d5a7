import { cleanup, render, waitFor, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import MarkdownView from './markdown-view';
import { loadKatex } from './math/math';
import { ensureStandardsMode } from './corpus/standards-mode';
import {
  CODE_SAMPLES,
  codeReply,
  MATH_REPLY,
  MIXED_REPLY,
  NESTED_LIST_REPLY,
  TABLE_REPLY,
} from './corpus/replies';

afterEach(cleanup);
beforeAll(ensureStandardsMode);

describe('realistic replies render as a reader expects', () => {
  it('a GFM table with alignment, inline markup and a scroll container', () => {
    const { container } = render(<MarkdownView text={TABLE_REPLY} />);
    const table = container.querySelector('.chat-md__table > table');
    expect(table).not.toBeNull();
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Plan',
      'Price',
      'Messages / day',
      'Models',
    ]);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(3);
    const firstRow = [...container.querySelectorAll('tbody tr:first-child td')];
    expect(firstRow.map((td) => td.className)).toEqual(['align-left', 'align-right', 'align-center', '']);
    expect(container.querySelector('td strong')?.textContent).toBe('small');
    expect(container.querySelector('td del')?.textContent).toBe('medium');
    expect(container.querySelector('td code')?.textContent).toBe('tools');
    expect(container.textContent).not.toContain('|');
  });

  it('nested ordered and bullet lists, and task lists with checkboxes', () => {
    const { container } = render(<MarkdownView text={NESTED_LIST_REPLY} />);
    const outer = container.querySelector('.chat-md > ol');
    expect(outer?.children).toHaveLength(3);
    expect(outer?.querySelector(':scope > li > ul > li > ul > li')?.textContent).toBe('version 15+');
    expect(outer?.querySelector(':scope > li > ol > li')?.textContent).toContain('.env.example');
    const boxes = [...container.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(boxes.map((b) => b.checked)).toEqual([true, false, false]);
    expect(boxes.every((b) => b.disabled)).toBe(true);
    expect(container.textContent).not.toContain('[ ]');
  });

  it('math with all four delimiters through KaTeX; prices stay text', async () => {
    await loadKatex();
    const { container } = render(<MarkdownView text={MATH_REPLY} />);
    expect(container.querySelectorAll('.katex')).toHaveLength(4);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
    expect(container.querySelector('.chat-math--source')).toBeNull();
    // KaTeX keeps MathML for screen readers, with the TeX as its annotation.
    expect(container.querySelector('annotation')?.textContent).toBe('e^{i\\pi}+1=0');
    expect(container.textContent).toContain('A price like $5 and $10 stays text.');
  });

  it('a formula that does not parse shows its source, and the rest of the reply renders', async () => {
    await loadKatex();
    const { container } = render(<MarkdownView text={'Bad: $\\frac{1}{$ but **this** renders.'} />);
    expect(container.querySelector('.chat-math--source')?.textContent).toBe('$\\frac{1}{$');
    expect(container.querySelector('strong')?.textContent).toBe('this');
  });

  it.each(Object.keys(CODE_SAMPLES))(
    'code in %s: label, grammar highlighting, copy and wrap',
    async (lang) => {
      const { container, getByRole } = render(<MarkdownView text={codeReply(lang)} />);
      const block = container.querySelector('.chat-code');
      expect(block?.querySelector('.chat-code__lang')?.textContent).toBe(lang);
      expect(block?.querySelector('code')?.textContent).toBe(CODE_SAMPLES[lang]);
      await waitFor(() => expect(block?.querySelector('code.hljs [class^="hljs-"]')).not.toBeNull());
      expect(block?.querySelector('code')?.textContent).toBe(CODE_SAMPLES[lang]); // not a character lost
      expect(getByRole('button', { name: 'Copy code' })).toBeTruthy();
      const wrap = getByRole('button', { name: 'Wrap' });
      fireEvent.click(wrap);
      expect(wrap.getAttribute('aria-pressed')).toBe('true');
      expect(block?.classList.contains('chat-code--wrap')).toBe(true);
    },
  );

  it('scopes come out as highlight.js classes, code text never as HTML', async () => {
    const { container } = render(<MarkdownView text={codeReply('html')} />);
    await waitFor(() => expect(container.querySelector('.hljs-tag')).not.toBeNull());
    expect(container.querySelector('.chat-code script, .chat-code b, .chat-code p')).toBeNull();
    expect(container.querySelector('.chat-code code')?.textContent).toContain('<script>alert(1)</script>');
  });

  it('an unknown language is plain, labelled text', () => {
    const { container } = render(<MarkdownView text={'```brainfuck\n++[>+<-]\n```'} />);
    expect(container.querySelector('.chat-code__lang')?.textContent).toBe('brainfuck');
    expect(container.querySelector('.chat-code code')?.textContent).toBe('++[>+<-]');
  });

  it('headings follow the page outline: h2 below the title, never a level skipped', () => {
    const { container } = render(
      <MarkdownView
        text={
          '### Opening\n\n#### Detail\n\n###### Deep\n\n# Top\n\n> ### Quoted\n\n- item\n\n  ## In a list'
        }
      />,
    );
    const outline = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
      (h) => `${h.tagName.toLowerCase()} ${h.textContent}`,
    );
    expect(outline).toEqual(['h2 Opening', 'h3 Detail', 'h4 Deep', 'h2 Top', 'h3 Quoted', 'h3 In a list']);
  });

  it('a mixed reply: heading, autolinks, quote, click-to-load image, footnote, rule, entities', () => {
    const { container, getByRole } = render(<MarkdownView text={MIXED_REPLY} />);
    expect(container.querySelector('h2')?.textContent).toBe('Summary');
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('https://example.com/docs');
    expect(hrefs).toContain('http://www.example.org');
    expect(hrefs).toContain('mailto:help@example.com');
    expect(hrefs).toContain('/');
    const external = container.querySelector('a[href="https://example.com/docs"]');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(container.querySelector('blockquote del')?.textContent).toBe('deprecated');
    expect(container.querySelector('hr')).not.toBeNull();
    expect(container.textContent).toContain('& see');
    // The image is not fetched until asked for, and then without a referrer.
    expect(container.querySelector('img')).toBeNull();
    fireEvent.click(getByRole('button', { name: /Show image: architecture diagram/ }));
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://images.example.com/arch.png');
    expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
    // Footnote: a numbered reference and the note at the end, linked both ways.
    const ref = container.querySelector('.chat-md__fnref a');
    expect(ref?.textContent).toBe('1');
    const note = container.querySelector('.chat-md__footnotes li');
    expect(note?.textContent).toContain('An in-memory LRU of 500 entries.');
    expect(ref?.getAttribute('href')).toBe(`#${note?.id}`);
    expect(note?.querySelector('.chat-md__backref')?.getAttribute('href')).toBe(`#${ref?.id}`);
    expect(container.textContent).not.toContain('[^cache]');
  });

  it('single newlines are line breaks, as chat text means them', () => {
    const { container } = render(<MarkdownView text={'line one\nline two'} />);
    expect(container.querySelector('p br')).not.toBeNull();
  });
});

describe('streaming', () => {
  it('an unclosed fence is already code, and finished blocks are not re-rendered', async () => {
    const reply = `${TABLE_REPLY}\n\n\`\`\`python\n${CODE_SAMPLES.python}`;
    const { container, rerender } = render(<MarkdownView text={reply.slice(0, 40)} />);
    for (let i = 41; i <= reply.length; i += 7) rerender(<MarkdownView text={reply.slice(0, i)} />);
    rerender(<MarkdownView text={reply} />);
    expect(container.querySelector('.chat-code code')?.textContent).toBe(CODE_SAMPLES.python);
    const table = container.querySelector('table');
    rerender(<MarkdownView text={`${reply}\n    return 2`} />);
    expect(container.querySelector('table')).toBe(table); // same DOM node: the table was left alone
    await waitFor(() => expect(container.querySelector('.chat-code .hljs-keyword')).not.toBeNull());
  });
});
