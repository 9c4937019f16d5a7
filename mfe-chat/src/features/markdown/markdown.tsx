import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from 'react';
import { ErrorBoundary } from '@noek/ui';
import { katexSettled, loadKatex } from './math/math';
import './markdown.css';

/**
 * Safe markdown for user and model text: React elements built from marked's tokens, never innerHTML,
 * so raw HTML, event handlers and script URLs are shown as text or dropped (decisions.md).
 *
 * The renderer is a chunk of its own, requested as soon as this module loads (with the chat App),
 * so it does not weigh on the remote's first download; until it arrives a message shows as plain
 * text. KaTeX and the highlighter grammars are further chunks, fetched only when a reply needs them.
 */
const viewChunk: Promise<{ default: ComponentType<{ text: string }>; warmUp?: () => void }> = import(
  /* webpackChunkName: "markdown" */ './markdown-view'
).catch(() => ({
  default: PlainText, // chunk blocked or offline: the text stays readable
}));
const MarkdownView = lazy(() => viewChunk);
// Once the chunk is here, render it directly: no suspend-and-retry for every message that mounts.
// The parser's first-use cost is paid when the browser is idle, not by the first conversation.
let LoadedView: ComponentType<{ text: string }> | null = null;
void viewChunk.then((m) => {
  LoadedView = m.default;
  if (m.warmUp && typeof requestIdleCallback === 'function') requestIdleCallback(m.warmUp);
});

/**
 * Whether the renderer has arrived (or failed to: then messages stay plain text), and KaTeX too when
 * `math` (a message may hold a formula). A conversation waits for them before showing its messages, so
 * none is drawn as plain text and then again as markdown, and no formula grows when KaTeX arrives (the
 * page would jump under the reader; the renderer is requested with the chat App, beside the messages).
 */
export function useMarkdownReady(math = false): boolean {
  const settled = () => LoadedView !== null && (!math || katexSettled());
  const [, heard] = useState(0);
  useEffect(() => {
    if (settled()) return;
    let live = true;
    const katex = math ? loadKatex().catch(() => undefined) : undefined;
    void Promise.all([viewChunk, katex]).then(() => live && heard((n) => n + 1));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- settled reads module state and `math`
  }, [math]);
  return settled();
}

function PlainText({ text }: { text: string }) {
  return <div className="chat-md chat-md--plain">{text}</div>;
}

/**
 * One message's markdown. Whatever its text does to the renderer, only this message falls back to
 * plain text: no message can take the conversation (or the chat) down with it.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <ErrorBoundary
      resetKeys={[text]}
      onError={(err) => console.error('A message could not be rendered as markdown', err)}
      fallback={() => <PlainText text={text} />}
    >
      {LoadedView ? (
        <LoadedView text={text} />
      ) : (
        <Suspense fallback={<PlainText text={text} />}>
          <MarkdownView text={text} />
        </Suspense>
      )}
    </ErrorBoundary>
  );
});
