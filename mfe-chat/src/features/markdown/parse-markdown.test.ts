import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './parse-markdown';

describe('parseMarkdown', () => {
  it('parses the blocks chat replies use', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome **bold** and `code`.\n\n- a\n- b\n\n1. one\n2. two\n\n> quoted\n\n---\n\n```ts\nconst x = 1;\n```',
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'rule',
      'code',
    ]);
    expect(blocks[6]).toEqual({ kind: 'code', lang: 'ts', text: 'const x = 1;' });
  });
  it('keeps an unclosed fence as code while a reply streams', () => {
    expect(parseMarkdown('text\n```py\nprint(1)')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'text' }] },
      { kind: 'code', lang: 'py', text: 'print(1)' },
    ]);
  });
  it('keeps newlines inside a paragraph as breaks', () => {
    expect(parseMarkdown('a\nb')[0]).toEqual({
      kind: 'paragraph',
      children: [{ kind: 'text', text: 'a' }, { kind: 'br' }, { kind: 'text', text: 'b' }],
    });
  });
});

describe('links', () => {
  it('allows http(s), mailto and relative targets only', () => {
    for (const ok of ['https://x.y', 'http://x', 'mailto:a@b.c', '/chat/1', '#top'])
      expect(safeHref(ok)).toBe(ok);
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:1',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      'java\nscript:x',
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });
  it('turns an unsafe link into plain text', () => {
    const nodes = parseInline('[x](javascript:alert(1))');
    expect(nodes.every((n) => n.kind === 'text')).toBe(true);
    expect(nodes.map((n) => (n.kind === 'text' ? n.text : '')).join('')).toBe('[x](javascript:alert(1))');
  });
  it('autolinks bare URLs', () => {
    expect(parseInline('see https://noek.example/a.')).toEqual([
      { kind: 'text', text: 'see ' },
      {
        kind: 'link',
        href: 'https://noek.example/a',
        children: [{ kind: 'text', text: 'https://noek.example/a' }],
      },
      { kind: 'text', text: '.' },
    ]);
  });
});
