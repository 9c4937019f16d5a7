import type { ImportedMessage } from '@noek/contracts';

/** One node of a source's message tree; `message` null: a node that is not conversation text (skipped). */
export interface SourceNode {
  id: string;
  /** null, or an id absent from the source: a first message. */
  parent: string | null;
  message: Omit<ImportedMessage, 'parent'> | null;
}

export interface ImportedTree {
  /** Parents before children; each message's `parent` is an index in this list. */
  messages: ImportedMessage[];
  /** The kept message a source node stands for: itself, or its nearest kept ancestor (null: none). */
  keptAt(id: string): number | null;
}

/**
 * A source's tree (nodes with parent ids, siblings in the source's order) as Noek's: every branch kept,
 * skipped nodes (system, tool, hidden, empty) left out with their children moved up to the nearest kept
 * ancestor. Iterative (a long chat is a deep tree); a node in a cycle never reached from a first message is
 * dropped, never looped over.
 */
export function importedTree(nodes: SourceNode[]): ImportedTree {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<string | null, SourceNode[]>();
  for (const n of nodes) {
    const parent = n.parent !== null && ids.has(n.parent) && n.parent !== n.id ? n.parent : null;
    const list = children.get(parent);
    if (list) list.push(n);
    else children.set(parent, [n]);
  }
  const messages: ImportedMessage[] = [];
  const kept = new Map<string, number | null>();
  const stack: [SourceNode, number | null][] = (children.get(null) ?? [])
    .map((n): [SourceNode, number | null] => [n, null])
    .reverse();
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    if (kept.has(node.id)) continue;
    let at = parent;
    if (node.message) {
      at = messages.length;
      messages.push({ ...node.message, parent });
    }
    kept.set(node.id, at);
    const below = children.get(node.id) ?? [];
    for (let i = below.length - 1; i >= 0; i--) stack.push([below[i]!, at]);
  }
  return { messages, keptAt: (id) => kept.get(id) ?? null };
}
