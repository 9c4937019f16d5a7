import { memo } from 'react';
import type { Message } from '@noek/contracts';
import { modelNameOf } from '../compose/model-picker';
import { Markdown } from '../markdown/markdown';
import { MessageActions, type MessageActionHandlers } from './message-actions';
import { MessageEditor } from './message-editor';

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
  /** Shown under a stopped reply with text: it goes on from where it stopped. */
  onContinue?: () => void;
  /** Copy, Edit, Regenerate, '‹ 2 / 3 ›' (absent: no action row). */
  actions?: MessageActionHandlers;
  /** The in-place editor instead of the text (Edit, or ↑ in an empty input for the last message). */
  editor?: { onSave: (content: string) => Promise<boolean>; onCancel: () => void };
}

export const MessageItem = memo(function MessageItem({
  message,
  notice,
  onRetry,
  onContinue,
  actions,
  editor,
}: MessageItemProps) {
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
      {editor ? (
        <MessageEditor initial={message.content} onSave={editor.onSave} onCancel={editor.onCancel} />
      ) : (
        <div className="chat-msg__body">{message.content ? <Markdown text={message.content} /> : null}</div>
      )}
      {message.role === 'assistant' && message.model && (
        <footer className="chat-msg__model noek-muted" data-testid="reply-model">
          {modelNameOf(message.model)}
        </footer>
      )}
      {message.role === 'assistant' && (message.contextTrimmed ?? 0) > 0 && (
        <p className="chat-msg__model noek-muted" data-testid="context-trimmed">
          Older messages were left out of this reply: the conversation is longer than the model can read.
        </p>
      )}
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
          {onContinue && (
            <button type="button" className="noek-btn noek-btn-outline" onClick={onContinue}>
              Continue
            </button>
          )}
        </div>
      )}
      {actions && !editor && <MessageActions message={message} {...actions} />}
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
