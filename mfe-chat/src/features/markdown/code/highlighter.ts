/**
 * Grammar-based highlighting with highlight.js core (a lazy chunk; grammars are chunks of their own,
 * see grammars.ts). highlight.js is given a tree emitter instead of its HTML one, so the result is a
 * tree of scopes and strings that code-view.tsx turns into React spans: code text is never HTML.
 */
import hljs from 'highlight.js/lib/core';
import { GRAMMARS } from './grammars';

export interface ScopeNode {
  scope: string;
  children: HNode[];
}
export type HNode = string | ScopeNode;

/** highlight.js's minimal emitter interface (core.js: addText, startScope, endScope, ...). */
class TreeEmitter {
  root: ScopeNode = { scope: '', children: [] };
  private stack: ScopeNode[] = [this.root];
  private get top(): ScopeNode {
    return this.stack[this.stack.length - 1] ?? this.root;
  }
  addText(text: string) {
    if (text) this.top.children.push(text);
  }
  startScope(scope: string) {
    const node: ScopeNode = { scope, children: [] };
    this.top.children.push(node);
    this.stack.push(node);
  }
  endScope() {
    if (this.stack.length > 1) this.stack.pop();
  }
  __addSublanguage(emitter: TreeEmitter, name: string) {
    this.top.children.push({ scope: name ? `language:${name}` : '', children: emitter.root.children });
  }
  // Aliases older grammars still call.
  openNode(scope: string) {
    this.startScope(scope);
  }
  closeNode() {
    this.endScope();
  }
  finalize() {
    this.stack = [this.root];
    return true;
  }
  toHTML() {
    return ''; // never used: we render the tree
  }
}

// The emitter option is highlight.js's documented extension point for other outputs (lowlight uses it).
hljs.configure({ __emitter: TreeEmitter as never, classPrefix: 'hljs-' });

const loading = new Map<string, Promise<void>>();

/** Registers a grammar once; later calls share the same promise. */
export function loadGrammar(name: string): Promise<void> {
  let p = loading.get(name);
  if (!p) {
    const load = GRAMMARS[name];
    p = load
      ? load().then((m) => hljs.registerLanguage(name, m.default))
      : Promise.reject(new Error(`no grammar ${name}`));
    loading.set(name, p);
  }
  return p;
}

export const isGrammarLoaded = (name: string) => hljs.getLanguage(name) !== undefined;

const topModes = new Map<string, unknown>();

/** Highlights code; `atTop` tells whether the grammar ended outside any string, comment or block. */
export function highlightTree(code: string, name: string): { nodes: HNode[]; atTop: boolean } {
  let top = topModes.get(name);
  if (top === undefined) {
    top = hljs.highlight('', { language: name, ignoreIllegals: true })._top;
    topModes.set(name, top);
  }
  const result = hljs.highlight(code, { language: name, ignoreIllegals: true });
  const emitter = result._emitter as unknown as TreeEmitter;
  return { nodes: emitter.root.children, atTop: result._top === top };
}

export interface Segment {
  text: string;
  nodes: HNode[];
}

/** Lines a streaming block's open tail must reach before we try to freeze them as a segment. */
const COMMIT_LINES = 6;

/**
 * Highlighting for a code block that grows while a reply streams. Finished lines are frozen into
 * segments at points where the grammar is back at top level, so each new token re-highlights only the
 * open tail (a few lines), never the whole block; the frozen segments keep their identity and React
 * skips them.
 */
export class StreamingHighlight {
  private frozen: Segment[] = [];
  private frozenText = '';
  /** Where the last attempt to freeze ended, so a long open comment is not re-tried per token. */
  private triedAt = -1;
  constructor(private readonly name: string) {}

  update(code: string): { frozen: Segment[]; tail: Segment } {
    if (!code.startsWith(this.frozenText)) {
      this.frozen = [];
      this.frozenText = '';
      this.triedAt = -1;
    }
    let tail = code.slice(this.frozenText.length);
    const lastNewline = tail.lastIndexOf('\n');
    const at = this.frozenText.length + lastNewline;
    if (lastNewline >= 0 && at !== this.triedAt && countNewlines(tail) >= COMMIT_LINES) {
      this.triedAt = at;
      const done = tail.slice(0, lastNewline + 1);
      const h = highlightTree(done, this.name);
      if (h.atTop) {
        this.frozen = [...this.frozen, { text: done, nodes: h.nodes }];
        this.frozenText += done;
        tail = tail.slice(done.length);
      }
    }
    return { frozen: this.frozen, tail: { text: tail, nodes: highlightTree(tail, this.name).nodes } };
  }
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
