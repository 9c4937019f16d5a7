import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FeedbackRating, Message, PathMessage } from '@noek/contracts';
import { useScrollToMessage } from '../search/use-scroll-to-message';
import { estimateHeight } from './estimate-height';
import type { MessageActionHandlers } from './message-actions';
import { MessageItem, TypingIndicator } from './message-item';

const TYPING_PX = 48;
/**
 * Rows rendered beyond the visible ones (above and below), in the same first frame as the visible ones,
 * so the rows above are measured before anything is painted. (Rendering them later, once idle, was tried
 * for issue 29; it was taken back while a layout shift seen with it was looked into: load/README.md.)
 */
const OVERSCAN = 3;

export interface MessageListProps {
  messages: Message[];
  /** Show the typing indicator (awaiting the first token of a reply). */
  typing: boolean;
  notices: Record<number, string>;
  onRetry?: (messageId: number) => void;
  /** Continue the last reply when it was stopped with some text. */
  onContinue?: (messageId: number) => void;
  /** Edit, regenerate and the version switch (message tree). */
  tree?: MessageTreeProps;
}

export interface MessageTreeProps {
  /** A reply is being sent or written: no edit or regenerate now (switching stays possible). */
  busy: boolean;
  editingId: number | null;
  setEditingId: (id: number | null) => void;
  edit: (messageId: number, content: string) => Promise<boolean>;
  regenerate: (messageId: number) => Promise<boolean>;
  switchBranch: (messageId: number, index: number) => Promise<void>;
  rate: (messageId: number, rating: FeedbackRating | null, comment?: string) => Promise<void>;
  fork: (messageId: number) => Promise<void>;
}

/** The version button to focus again once the switched path is shown (its row was replaced). */
type SwitchFocus = { row: number; from: number; label: 'Previous version' | 'Next version' };

/**
 * What a row can ask of the list. One object for the list's lifetime, reading the latest props when
 * called: rows get the same handlers on every render, so a memoized row whose message did not change
 * is not rendered again (a branch switch re-renders only the rows that show another message).
 */
interface RowCalls {
  retry: (messageId: number) => void;
  resume: (messageId: number) => void;
  tree: () => MessageTreeProps | undefined;
  switched: (focus: SwitchFocus) => void;
}

/** The action row's handlers for one message (stored messages only: an optimistic one has none). */
function actionsFor(
  message: Message,
  tree: { busy: boolean } | undefined,
  calls: RowCalls,
  row: number,
): MessageActionHandlers | undefined {
  if (!tree || message.id < 0) return undefined;
  const settled = !tree.busy && message.status !== 'streaming';
  const current = 'branch' in message ? (message as PathMessage).branch.index : 0;
  return {
    onSwitch: (index) => {
      calls.switched({ row, from: message.id, label: index < current ? 'Previous version' : 'Next version' });
      void calls.tree()?.switchBranch(message.id, index);
    },
    onEdit: settled && message.role === 'user' ? () => calls.tree()?.setEditingId(message.id) : undefined,
    onRegenerate:
      settled && message.role === 'assistant' ? () => void calls.tree()?.regenerate(message.id) : undefined,
    onRate:
      message.role === 'assistant' && message.status !== 'streaming'
        ? (rating, comment) => void calls.tree()?.rate(message.id, rating, comment)
        : undefined,
    onFork: message.status !== 'streaming' ? () => void calls.tree()?.fork(message.id) : undefined,
  };
}

interface RowProps {
  message: Message;
  /** The row's index in the path (the refocus after a switch finds the row by it). */
  index: number;
  notice: string | undefined;
  /** Retry, and Continue (a stopped reply with text), are offered on this row. */
  retry: boolean;
  resume: boolean;
  editing: boolean;
  /** Absent: no action row (no tree); `busy`: a reply is being sent or written. */
  tree: { busy: boolean } | undefined;
  calls: RowCalls;
}

/** One message row: its handlers are made once per message and state, so MessageItem's memo holds. */
const MessageRow = memo(function MessageRow({
  message,
  index,
  notice,
  retry,
  resume,
  editing,
  tree,
  calls,
}: RowProps) {
  const busy = tree?.busy;
  const hasTree = tree !== undefined;
  const actions = useMemo(
    () => actionsFor(message, hasTree ? { busy: busy === true } : undefined, calls, index),
    [message, hasTree, busy, calls, index],
  );
  const id = message.id;
  const editor = useMemo(
    () =>
      editing
        ? {
            onSave: (content: string) => calls.tree()?.edit(id, content) ?? Promise.resolve(false),
            onCancel: () => calls.tree()?.setEditingId(null),
          }
        : undefined,
    [editing, id, calls],
  );
  const onRetry = useMemo(() => (retry ? () => calls.retry(id) : undefined), [retry, id, calls]);
  const onContinue = useMemo(() => (resume ? () => calls.resume(id) : undefined), [resume, id, calls]);
  return (
    <MessageItem
      message={message}
      notice={notice}
      onRetry={onRetry}
      onContinue={onContinue}
      actions={actions}
      editor={editor}
    />
  );
});

/**
 * A switch replaces the row's message (another id, so another element): the version button pressed is
 * focused again in the new row (or the other one when it is now disabled), so a keyboard or screen-reader
 * user stays on the navigator rather than being sent back to the top of the page.
 */
function useRefocusAfterSwitch(scrollRef: RefObject<HTMLDivElement | null>, messages: Message[]) {
  const pending = useRef<SwitchFocus | null>(null);
  useEffect(() => {
    const want = pending.current;
    // Still the message switched from (the switch is on its way, or failed and the next one will say).
    if (!want || messages[want.row]?.id === want.from) return;
    pending.current = null;
    const nav = scrollRef.current?.querySelector(`[data-index="${want.row}"] [data-testid="branch-nav"]`);
    if (!nav) return;
    const buttons = [...nav.querySelectorAll('button')].filter((b) => !b.disabled);
    (buttons.find((b) => b.getAttribute('aria-label') === want.label) ?? buttons[0])?.focus();
  }, [messages, scrollRef]);
  return pending;
}

/** The list's row calls: one object, reading the props of the latest render. */
function useRowCalls(
  props: Pick<MessageListProps, 'onRetry' | 'onContinue' | 'tree'>,
  refocusRef: RefObject<SwitchFocus | null>,
): RowCalls {
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  return useMemo(
    () => ({
      retry: (id) => latest.current.onRetry?.(id),
      resume: (id) => latest.current.onContinue?.(id),
      tree: () => latest.current.tree,
      switched: (focus) => {
        refocusRef.current = focus;
      },
    }),
    [refocusRef],
  );
}

/**
 * Virtualized: only the rows in view (plus overscan) are in the DOM, so a 2,000-message conversation
 * renders as fast as a short one. Rows are measured as they render (markdown heights vary). Sticks to
 * the bottom while new content arrives unless the user scrolled up.
 */
export function MessageList({ messages, typing, notices, onRetry, onContinue, tree }: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = messages.length + (typing ? 1 : 0);
  // Stable while the messages are: the virtualizer re-lays out all rows only when they change, not on
  // every render (a scroll or a measured row).
  const estimateSize = useCallback(
    (i: number) => {
      const message = messages[i];
      return message ? estimateHeight(message) : TYPING_PX;
    },
    [messages],
  );
  const getItemKey = useCallback((i: number) => messages[i]?.id ?? 'typing', [messages]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: OVERSCAN,
    // Before the first measurement (and where layout is unavailable) assume a typical viewport.
    initialRect: { width: 800, height: 900 },
    // A conversation opens at its end: render the last rows first, not the first ones then the last.
    initialOffset: () => messages.reduce((px, m) => px + estimateHeight(m), 0),
    getItemKey,
  });
  const last = messages.at(-1);
  const lastRetryable =
    last && last.role === 'assistant' && (last.status === 'failed' || last.status === 'interrupted');

  const tail = `${count}:${last?.content.length ?? 0}`;
  useEffect(() => {
    if (atBottom.current && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [tail, count, virtualizer]);
  const found = useScrollToMessage(messages, virtualizer);
  const refocus = useRefocusAfterSwitch(scrollRef, messages);
  const calls = useRowCalls({ onRetry, onContinue, tree }, refocus);
  const hasTree = tree !== undefined;
  const busy = tree?.busy === true;
  const treeState = useMemo(() => (hasTree ? { busy } : undefined), [hasTree, busy]);

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
          const isLast = lastRetryable === true && message?.id === last?.id;
          return (
            <div
              key={row.key}
              data-index={row.index}
              className={message && message.id === found ? 'chat-message--found' : undefined}
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
                <MessageRow
                  message={message}
                  index={row.index}
                  notice={notices[message.id]}
                  retry={isLast && onRetry !== undefined}
                  resume={
                    isLast &&
                    message.status === 'interrupted' &&
                    message.content !== '' &&
                    onContinue !== undefined
                  }
                  editing={tree !== undefined && tree.editingId === message.id}
                  tree={treeState}
                  calls={calls}
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
