// Bundled by bench-tree.ts for Chromium: the real MessageList (virtualized, markdown, action rows and
// '‹ 2 / 2 ›' on branching messages) given the paths the chat API answered. The page measures with
// performance marks; a PerformanceObserver collects the measures:
//  - 'open': from the render call to the frame after the visible messages were painted;
//  - 'switch': from the new path's arrival to the frame after its paint. As in the chat screen, the new
//    path goes through the query cache's structural sharing first (the messages both paths hold keep
//    their objects), so that is measured too.
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { replaceEqualDeep } from '@tanstack/react-query';
import type { PathMessage } from '@noek/contracts';
import { MessageList, type MessageTreeProps } from '../../mfe-chat/src/features/messages/message-list';

interface Bench {
  measures: { name: string; ms: number }[];
  open: (path: PathMessage[]) => Promise<void>;
  show: (path: PathMessage[]) => Promise<void>;
  rendered: () => number;
}
const bench = window as unknown as { bench: Bench };

const measures: Bench['measures'] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) measures.push({ name: e.name, ms: e.duration });
}).observe({ type: 'measure', buffered: true });

/** Resolves after the next frame was painted (the rAF callback runs before paint; the task after it, after). */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const noop = async () => undefined;
const tree: MessageTreeProps = {
  busy: false,
  editingId: null,
  setEditingId: () => undefined,
  edit: async () => true,
  regenerate: async () => true,
  switchBranch: noop,
  rate: noop,
  fork: noop,
};

let setPath: (path: PathMessage[]) => void = () => undefined;
function Conversation({ initial }: { initial: PathMessage[] }) {
  const [path, set] = useState(initial);
  useEffect(() => {
    setPath = set;
  }, [set]);
  return (
    <div style={{ height: '860px', display: 'flex', flexDirection: 'column' }}>
      <MessageList messages={path} typing={false} notices={{}} tree={tree} />
    </div>
  );
}

let round = 0;
let shown: PathMessage[] = [];
bench.bench = {
  measures,
  async open(path) {
    const el = document.getElementById('root') as HTMLElement;
    const name = `open-${round++}`;
    performance.mark(`${name}:start`);
    const root = createRoot(el);
    shown = path;
    flushSync(() => root.render(<Conversation initial={path} />));
    performance.measure('open-commit', `${name}:start`);
    await painted();
    performance.measure('open', `${name}:start`);
  },
  async show(path) {
    const name = `switch-${round++}`;
    performance.mark(`${name}:start`);
    // What setQueryData does with the switch's answer (react-query's structural sharing).
    shown = replaceEqualDeep(shown, path);
    flushSync(() => setPath(shown));
    performance.measure('switch-commit', `${name}:start`);
    await painted();
    performance.measure('switch', `${name}:start`);
  },
  rendered: () => document.querySelectorAll('[data-testid="chat-message"]').length,
};
