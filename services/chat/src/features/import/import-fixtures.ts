import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { zipStream } from '../export/zip/zip-stream';

interface Node {
  id: string;
  parent: string | null;
  children: string[];
  message: {
    author: { role: string };
    create_time: number;
    content: { content_type: string; parts: unknown[] };
    metadata?: { is_visually_hidden_from_conversation?: boolean };
  } | null;
}

/**
 * A ChatGPT conversation as its export writes it (tests and the import benchmark): root, a hidden system
 * node, a question with two answers (a branch: the first abandoned), a follow-up on the kept answer, a tool
 * node and its answer; `current_node` is the last answer. Four messages on the current path, five kept.
 */
export function chatGptConversation(id: string, title: string, t0 = 1_700_000_000) {
  const node = (
    nid: string,
    parent: string | null,
    role: string | null,
    text: string,
    t = t0,
    hidden = false,
  ): Node => ({
    id: nid,
    parent,
    children: [],
    message: role
      ? {
          author: { role },
          create_time: t,
          content: { content_type: 'text', parts: [text] },
          ...(hidden ? { metadata: { is_visually_hidden_from_conversation: true } } : {}),
        }
      : null,
  });
  const mapping: Record<string, Node> = {
    root: node('root', null, null, ''),
    sys: node('sys', 'root', 'system', 'You are ChatGPT', t0, true),
    q: node('q', 'sys', 'user', 'What is a walrus?', t0 + 10),
    a1: node('a1', 'q', 'assistant', 'An abandoned answer', t0 + 20),
    a2: node('a2', 'q', 'assistant', 'A large marine mammal.', t0 + 30),
    tool: node('tool', 'a2', 'tool', 'search results', t0 + 35),
    q2: node('q2', 'tool', 'user', 'Where do they live?', t0 + 40),
    a3: node('a3', 'q2', 'assistant', 'In the Arctic.', t0 + 50),
  };
  for (const n of Object.values(mapping)) if (n.parent) mapping[n.parent]!.children.push(n.id);
  return {
    conversation_id: id,
    title,
    create_time: t0 + 0.5,
    update_time: t0 + 100,
    current_node: 'a3',
    mapping,
  };
}

/** A zip as ChatGPT's export makes it: conversations.json (a list, or the text given) beside other files. */
export function chatGptZip(conversations: unknown[] | string, name = 'conversations.json'): Promise<Buffer> {
  const text = typeof conversations === 'string' ? conversations : JSON.stringify(conversations);
  const files = [
    { name, text },
    { name: 'chat.html', text: '<html></html>' },
  ];
  return buffer(zipStream(Readable.from(files), { level: 6, inFlight: 2, modified: new Date() }));
}
