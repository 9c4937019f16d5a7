import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { INPUT_MAX_HEIGHT_PX } from '@noek/contracts';

export interface MessageInputProps {
  /**
   * Sends the text. Answering false (the server refused it: limit, block, network, server error)
   * keeps the text in the box; anything else clears it (nothing typed is lost).
   */
  onSend: (content: string) => Promise<boolean> | boolean | void;
  /** While a message is being sent or a reply streams (spec §4: the input is disabled). */
  disabled: boolean;
  placeholder?: string;
  /** ↑ while the box is empty: edit the last message instead. */
  onEditLast?: () => void;
}

/**
 * Spec §5: sends the trimmed text when non-empty and not disabled; Enter sends, Shift+Enter inserts a
 * newline; the box grows with its content up to 128 px, then scrolls.
 */
export function MessageInput({
  onSend,
  disabled,
  placeholder = 'Type your message...',
  onEditLast,
}: MessageInputProps) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, INPUT_MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > INPUT_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [text]);

  const canSend = !disabled && text.trim().length > 0;
  const submit = () => {
    if (!canSend) return;
    const content = text.trim();
    const clear = (accepted: boolean | void) => {
      if (accepted !== false) setText((now) => (now.trim() === content ? '' : now));
    };
    // The text stays (disabled) while sending, and goes only once the server has accepted it.
    const result = onSend(content);
    if (result instanceof Promise) void result.then(clear);
    else clear(result);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME composition (Japanese, Chinese) must not send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    } else if (e.key === 'ArrowUp' && text === '' && onEditLast) {
      e.preventDefault();
      onEditLast();
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    // data-toast-avoid: a toast never covers the box or Send (@noek/ui's toaster moves above it).
    <form className="chat-input" onSubmit={onSubmit} data-toast-avoid="">
      <textarea
        ref={ref}
        value={text}
        rows={1}
        disabled={disabled}
        placeholder={placeholder}
        aria-label="Message"
        style={{ maxHeight: INPUT_MAX_HEIGHT_PX }}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="noek-btn" disabled={!canSend} aria-label="Send message">
        Send
      </button>
    </form>
  );
}
