import { beforeAll, describe, expect, it } from 'vitest';
import { grammarName, GRAMMARS } from './grammars';
import { highlightTree, loadGrammar, StreamingHighlight, type HNode } from './highlighter';

const text = (nodes: HNode[]): string =>
  nodes.map((n) => (typeof n === 'string' ? n : text(n.children))).join('');
const scopes = (nodes: HNode[]): string[] =>
  nodes.flatMap((n) => (typeof n === 'string' ? [] : [n.scope, ...scopes(n.children)]));

beforeAll(() => Promise.all([loadGrammar('python'), loadGrammar('typescript')]));

describe('highlighter', () => {
  it('has grammars for at least 30 languages and maps common aliases', () => {
    expect(Object.keys(GRAMMARS).length).toBeGreaterThanOrEqual(30);
    expect(grammarName('py')).toBe('python');
    expect(grammarName('TSX')).toBe('typescript');
    expect(grammarName('html')).toBe('xml');
    expect(grammarName('c++')).toBe('cpp');
    expect(grammarName('nonsense')).toBeNull();
    expect(grammarName('__proto__')).toBeNull();
  });

  it('gives a tree of scopes whose text is the code, character for character', () => {
    const code = 'def f(x):\n    return "<b>" + x  # c';
    const { nodes, atTop } = highlightTree(code, 'python');
    expect(text(nodes)).toBe(code);
    expect(scopes(nodes)).toEqual(expect.arrayContaining(['keyword', 'string', 'comment']));
    expect(atTop).toBe(true);
    expect(highlightTree('x = """open', 'python').atTop).toBe(false);
  });

  it('while a block grows, freezes finished lines and re-highlights only the tail', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `const v${i}: number = ${i}; // line ${i}`);
    const full = lines.join('\n');
    const hl = new StreamingHighlight('typescript');
    let last = hl.update('');
    for (let i = 1; i <= full.length; i += 3) last = hl.update(full.slice(0, i));
    last = hl.update(full);
    expect(last.frozen.length).toBeGreaterThan(3);
    expect(last.tail.text.split('\n').length).toBeLessThanOrEqual(8);
    expect(last.frozen.map((s) => s.text).join('') + last.tail.text).toBe(full);
    // Frozen segments are the same objects from one update to the next.
    const again = hl.update(`${full}\n`);
    expect(again.frozen[0]).toBe(last.frozen[0]);
  });

  it('does not freeze inside a multi-line string or comment', () => {
    const code =
      'x = 1\n"""\n' + Array.from({ length: 12 }, (_, i) => `doc ${i}`).join('\n') + '\n"""\ny = 2\n';
    const hl = new StreamingHighlight('python');
    let r = hl.update('');
    for (let i = 1; i <= code.length; i++) r = hl.update(code.slice(0, i));
    for (const s of r.frozen) expect(highlightTree(s.text, 'python').atTop).toBe(true);
    const docNode = [...r.frozen.flatMap((s) => s.nodes), ...r.tail.nodes].find(
      (n) => typeof n !== 'string' && n.scope === 'string' && text(n.children).includes('doc 5'),
    );
    expect(docNode).toBeDefined();
  });
});
