import { useEffect, useMemo, useRef, useState } from 'react';
import type { Conversation } from '@noek/contracts';
import { ConversationRow } from './conversation-row';
import { isSelectionFull, toggleSelection } from './selection';
import type { ConversationActions } from './use-conversation-actions';

export interface ConversationListProps {
  list: Conversation[];
  activeId: number | null;
  archivedTab: boolean;
  selectMode: boolean;
  selected: Set<number>;
  setSelected: (update: (s: Set<number>) => Set<number>) => void;
  onOpen: (id: number) => void;
  actions: ConversationActions;
  /** Paging of the Active tab: more pages, and how to load the next. */
  paging: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** Pins a conversation (the Active tab; pinned ones are listed above, not here). */
  onPin?: (id: number) => void;
  /** Opens the share dialog for a conversation (the Active tab). */
  onShare?: (conversation: Conversation) => void;
}

/** Re-renders every minute so the relative time labels ('Just now', 'N hours ago') stay true. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** Paging: the next page loads when the end of the list scrolls into view. */
function useLoadMoreOnScroll(enabled: boolean, paging: ConversationListProps['paging']) {
  const sentinel = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = paging;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !enabled || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => entries[0]?.isIntersecting && !isFetchingNextPage && void fetchNextPage(),
    );
    io.observe(el);
    return () => io.disconnect();
  }, [enabled, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}

/** The rows of the open tab (spec §2), with select checkboxes in Select mode and paging at the end. */
export function ConversationList(p: ConversationListProps) {
  const now = useMinuteClock();
  const paged = !p.archivedTab && p.paging.hasNextPage;
  const sentinel = useLoadMoreOnScroll(!p.archivedTab, p.paging);
  const full = useMemo(() => isSelectionFull(p.selected), [p.selected]);
  return (
    <ul className="chat-conv-list">
      {p.list.map((c) => (
        <ConversationRow
          key={c.id}
          conversation={c}
          active={c.id === p.activeId}
          archived={p.archivedTab}
          selectMode={p.selectMode}
          selected={p.selected.has(c.id)}
          selectDisabled={full}
          now={now}
          onOpen={() => p.onOpen(c.id)}
          onToggleSelect={() => p.setSelected((s) => toggleSelection(s, c.id))}
          onRename={(title) => void p.actions.rename(c.id, title)}
          onCopyLink={() => p.actions.copyLink(c.id)}
          onArchiveToggle={() => void p.actions.archiveToggle(c)}
          onDelete={() => void p.actions.remove(c)}
          onPin={p.onPin && (() => p.onPin?.(c.id))}
          onShare={p.onShare && (() => p.onShare?.(c))}
        />
      ))}
      {paged && (
        <li ref={sentinel} className="chat-conv-more">
          <button
            type="button"
            className="noek-btn noek-btn-ghost"
            onClick={() => void p.paging.fetchNextPage()}
          >
            {p.paging.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </li>
      )}
    </ul>
  );
}
