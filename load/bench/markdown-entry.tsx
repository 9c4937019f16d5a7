// Bundled by bench-markdown.ts (esbuild, ESM with code splitting, so KaTeX and the grammars stay lazy
// chunks as in the product) and run in Chromium. Exposes the two measurements on window.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Message } from '@noek/contracts';
import { MessageItem } from '../../mfe-chat/src/features/messages/message-item';
import { MessageList } from '../../mfe-chat/src/features/messages/message-list';
import { loadHighlighter } from '../../mfe-chat/src/features/markdown/code/use-highlight';
import { GRAMMARS } from '../../mfe-chat/src/features/markdown/code/grammars';
import { loadKatex } from '../../mfe-chat/src/features/markdown/math/math';
import { conversation, longReply } from './markdown-reply';

/**
 * Chunks fetched once, as after the first reply with math and code: we time rendering, not the network.
 */
async function warm(): Promise<void> {
  await import('../../mfe-chat/src/features/markdown/markdown-view');
  await loadKatex();
  const { loadGrammar } = await loadHighlighter();
  await Promise.all(Object.keys(GRAMMARS).map(loadGrammar));
  // As in the app between loading and the user opening a conversation: the browser has been idle, so
  // the chat's idle-time work (the parser's first use, the time formatter) is done. Idle callbacks run
  // in the order they were asked for, so this one comes after theirs.
  await new Promise((r) => requestIdleCallback(r));
}

const reply = (content: string, status: Message['status']): Message => ({
  id: 1,
  conversationId: 1,
  role: 'assistant',
  content,
  createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
  status,
});

const el = () => document.getElementById('root') as HTMLElement;

/**
 * Streaming, driven from the benchmark one token per call (each call is a separate task, as network
 * events are): the reply grows by one token in one MessageItem; React renders and commits it
 * (flushSync), then the page's style and layout are forced, all inside the call.
 */
let streamed: { root: Root; parts: string[]; text: string; next: number } | null = null;

async function streamStart(tokens: number): Promise<number> {
  await warm();
  const root = createRoot(el());
  flushSync(() => root.render(<MessageItem message={reply('', 'streaming')} />));
  await new Promise((r) => setTimeout(r, 50)); // the lazy markdown chunk settles
  streamed = { root, parts: longReply(tokens), text: '', next: 0 };
  return streamed.parts.length;
}

/** Appends the next token; answers the wall time of render + commit and of that plus layout. */
function streamNext(): { render: number; withLayout: number; chars: number } {
  const s = streamed as NonNullable<typeof streamed>;
  s.text += s.parts[s.next++] ?? '';
  const t0 = performance.now();
  flushSync(() => s.root.render(<MessageItem message={reply(s.text, 'streaming')} />));
  const t1 = performance.now();
  void document.body.offsetHeight; // style + layout now, inside the measured span
  return { render: t1 - t0, withLayout: performance.now() - t0, chars: s.text.length };
}

/** A 500-message conversation, as bench-chat's render measurement: render call to second frame. */
async function renderConversation(n: number): Promise<{ ms: number; rendered: number; lastInView: boolean }> {
  const messages = conversation(n);
  const started = performance.now();
  createRoot(el()).render(
    <div style={{ height: '800px', display: 'flex', flexDirection: 'column' }}>
      <MessageList messages={messages} typing={false} notices={{}} />
    </div>,
  );
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const ms = performance.now() - started;
  return {
    ms,
    rendered: document.querySelectorAll('[data-testid="chat-message"]').length,
    lastInView: lastMessageInView(messages.at(-1)?.id),
  };
}

/** The conversation opens at its end: the last message is in the DOM and inside the scrolled view. */
function lastMessageInView(id: number | undefined): boolean {
  const list = document.querySelector('[data-testid="message-list"]')?.getBoundingClientRect();
  const row = document.querySelector(`[data-index="${(id ?? 0) - 1}"]`)?.getBoundingClientRect();
  return !!list && !!row && row.bottom <= list.bottom + 1 && row.bottom > list.top;
}

Object.assign(window, { benchWarm: warm, streamStart, streamNext, benchConversation: renderConversation });
