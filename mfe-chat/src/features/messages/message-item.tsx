import { memo } from 'react';
import type { Message } from '@noek/contracts';
import { Markdown } from '../markdown/markdown';

// One formatter for every message (toLocaleTimeString builds one per call). The page's first formatter
// loads the locale data (20-60 ms here), so it is built when the browser is idle after this module
// loads, not while the first conversation renders.
let timeFormat: Intl.DateTimeFormat | null = null;
const makeTimeFormat = () =>
  (timeFormat ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }));
if (typeof requestIdleCallback === 'function') requestIdleCallback(makeTimeFormat);

/** Spec §2: the time as hour:minute in the user's locale. */
export function hourMinute(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return makeTimeFormat().format(d);
}

export const ROLE_LABEL = { user: 'You', assistant: 'Assistant' } as const;

export interface MessageItemProps {
  message: Message;
  /** Shown under an interrupted or failed reply, with Retry when it is the last one. */
  notice?: string;
  onRetry?: () => void;
}

export const MessageItem = memo(function MessageItem({ message, notice, onRetry }: MessageItemProps) {
  const broken = message.status === 'interrupted' || message.status === 'failed';
  return (
    <article
      className={`chat-msg chat-msg--${message.role}`}
      data-status={message.status}
      data-testid="chat-message"
    >
      <header className="chat-msg__meta">
        <span className="chat-msg__role">{ROLE_LABEL[message.role]}</span>
        <time dateTime={message.createdAt}>{hourMinute(message.createdAt)}</time>
      </header>
      <div className="chat-msg__body">{message.content ? <Markdown text={message.content} /> : null}</div>
      {broken && (
        <div className="chat-msg__notice" role="status">
          <span>
            {notice ??
              (message.status === 'failed'
                ? 'The reply failed.'
                : 'The reply was interrupted; what was written is kept.')}
          </span>
          {onRetry && (
            <button type="button" className="noek-btn noek-btn-outline" onClick={onRetry}>
              Retry
            </button>
          )}
        </div>
      )}
    </article>
  );
});

export function TypingIndicator() {
  return (
    <div
      className="chat-typing"
      role="status"
      aria-label="Assistant is typing"
      data-testid="typing-indicator"
    >
      <span />
      <span />
      <span />
    </div>
  );
}
