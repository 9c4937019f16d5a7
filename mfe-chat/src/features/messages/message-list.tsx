import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Message } from '@noek/contracts';
import { estimateHeight } from './estimate-height';
import { MessageItem, TypingIndicator } from './message-item';

const TYPING_PX = 48;

export interface MessageListProps {
  messages: Message[];
  /** Show the typing indicator (awaiting the first token of a reply). */
  typing: boolean;
  notices: Record<number, string>;
  onRetry?: (messageId: number) => void;
}

/**
 * Virtualized: only the rows in view (plus overscan) are in the DOM, so a 500-message conversation
 * renders as fast as a short one. Rows are measured as they render (markdown heights vary). Sticks to
 * the bottom while new content arrives unless the user scrolled up.
 */
export function MessageList({ messages, typing, notices, onRetry }: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = messages.length + (typing ? 1 : 0);
  // The virtualizer's functions are read on every render, never memoized by us.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      const message = messages[i];
      return message ? estimateHeight(message) : TYPING_PX;
    },
    overscan: 3,
    // Before the first measurement (and where layout is unavailable) assume a typical viewport.
    initialRect: { width: 800, height: 900 },
    // A conversation opens at its end: render the last rows first, not the first ones then the last.
    initialOffset: () => messages.reduce((px, m) => px + estimateHeight(m), 0),
    getItemKey: (i) => messages[i]?.id ?? 'typing',
  });
  const last = messages.at(-1);
  const lastRetryable =
    last && last.role === 'assistant' && (last.status === 'failed' || last.status === 'interrupted');

  const tail = `${count}:${last?.content.length ?? 0}`;
  useEffect(() => {
    if (atBottom.current && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [tail, count, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className="chat-messages"
      data-testid="message-list"
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const message = messages[row.index];
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${row.start}px)`,
              }}
            >
              {message ? (
                <MessageItem
                  message={message}
                  notice={notices[message.id]}
                  onRetry={
                    lastRetryable && message.id === last.id && onRetry ? () => onRetry(message.id) : undefined
                  }
                />
              ) : (
                <TypingIndicator />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
