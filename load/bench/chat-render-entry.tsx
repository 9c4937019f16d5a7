// Bundled by bench-chat.ts for Chromium: renders a 500-message conversation with the real MessageList
// (virtualized, markdown) and reports the time from render call to the second animation frame.
import { createRoot } from 'react-dom/client';
import type { Message } from '@noek/contracts';
import { MessageList } from '../../mfe-chat/src/features/messages/message-list';

const sample = [
  'Short answer.',
  'Here is some **bold** text, a [link](https://example.com) and `inline code`.',
  '```ts\nconst total = items.reduce((sum, x) => sum + x.price, 0);\nconsole.log(total);\n```',
  '- first point\n- second point\n- third point with more words in it',
  'A longer paragraph that wraps over several lines in the message list so the virtualizer has to measure rows of different heights as the user scrolls through a long conversation.',
];
const messages: Message[] = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  conversationId: 1,
  role: i % 2 ? 'assistant' : 'user',
  content: sample[i % sample.length] as string,
  createdAt: new Date(Date.UTC(2026, 0, 1, 10, i % 60)).toISOString(),
  status: 'complete',
}));

const el = document.getElementById('root') as HTMLElement;
const started = performance.now();
createRoot(el).render(
  <div style={{ height: '800px', display: 'flex', flexDirection: 'column' }}>
    <MessageList messages={messages} typing={false} notices={{}} />
  </div>,
);
requestAnimationFrame(() =>
  requestAnimationFrame(() => {
    (window as unknown as { renderMs: number }).renderMs = performance.now() - started;
    (window as unknown as { rendered: number }).rendered = document.querySelectorAll(
      '[data-testid="chat-message"]',
    ).length;
  }),
);
