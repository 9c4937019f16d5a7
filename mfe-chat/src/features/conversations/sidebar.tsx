import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@noek/contracts';
import { chatApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { chatCache } from '../cache/chat-cache';
import { copyText } from '../clipboard/copy-text';
import { useConfirm } from '../dialog/confirm-dialog';
import { forEachConversation, ids } from './bulk-actions';
import { ConversationRow } from './conversation-row';
import { isSelectionFull, toggleSelection } from './selection';
import { useActiveConversations, useArchivedConversations } from './use-conversations';

export interface SidebarProps {
  userId: string;
  activeId: number | null;
  open: boolean;
  onSelect: (id: number) => void;
  onNewChat: () => void;
  /** The active conversation was deleted or archived away. */
  onActiveGone: () => void;
  notify: (title: string) => void;
}

type Tab = 'active' | 'archive';

export function Sidebar({ userId, activeId, open, onSelect, onNewChat, onActiveGone, notify }: SidebarProps) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const [tab, setTab] = useState<Tab>('active');
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [now, setNow] = useState(() => Date.now());
  const active = useActiveConversations(userId);
  const archived = useArchivedConversations(tab === 'archive');
  const list: Conversation[] = tab === 'active' ? active.list : (archived.data ?? []);
  const loadError =
    tab === 'active'
      ? active.query.isError && 'Failed to fetch conversations'
      : archived.isError && 'Failed to fetch archived conversations';

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  const switchTab = (t: Tab) => {
    setTab(t);
    setSelected(new Set());
    setSelectMode(false);
  };

  const refresh = () => qc.invalidateQueries({ queryKey: chatKeys.conversations });
  const gone = (removed: number[], deleted: boolean) => {
    if (deleted) for (const id of removed) chatCache.forgetConversation(userId, id);
    if (activeId !== null && removed.includes(activeId)) onActiveGone();
    setSelected(new Set());
    void refresh();
  };

  const rename = async (id: number, title: string) => {
    try {
      await chatApi.rename(id, title);
    } catch (err) {
      console.error('Failed to rename conversation', err);
    }
    void refresh();
  };
  const copyLink = async (id: number) => {
    const ok = await copyText(`${window.location.origin}/chat/${id}`);
    if (ok) notify('Chat link copied to clipboard!');
    return ok;
  };
  const archiveToggle = async (c: Conversation) => {
    try {
      await (tab === 'archive' ? chatApi.unarchive(c.id) : chatApi.archive(c.id));
      gone(tab === 'archive' ? [] : [c.id], false);
    } catch (err) {
      console.error('Failed to archive conversation', err);
    }
  };
  const remove = async (c: Conversation) => {
    if (
      !(await confirm({
        title: 'Delete this conversation?',
        message: `"${c.title}" will be deleted permanently.`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    gone(await forEachConversation([c.id], chatApi.remove, 'Delete'), true);
  };

  const bulk = {
    archiveAll: async () => {
      if (!(await confirm({ title: 'Archive all conversations?', confirmLabel: 'Archive All' }))) return;
      try {
        await chatApi.archiveAll();
      } catch (err) {
        console.error('Archive all failed', err);
      }
      gone(ids(active.list), false);
    },
    restoreAll: async () => {
      if (!(await confirm({ title: 'Restore all archived conversations?', confirmLabel: 'Restore All' })))
        return;
      gone(await forEachConversation(ids(list), chatApi.unarchive, 'Restore'), false);
    },
    deleteAll: async () => {
      const where = tab === 'archive' ? 'archived' : 'active';
      if (
        !(await confirm({
          title: `Delete all ${where} conversations?`,
          message: 'They will be deleted permanently.',
          confirmLabel: 'Delete All',
          danger: true,
        }))
      )
        return;
      gone(await forEachConversation(ids(list), chatApi.remove, 'Delete'), true);
    },
    archiveSelected: async () => {
      if (
        !(await confirm({
          title: `Archive ${selected.size} selected conversations?`,
          confirmLabel: 'Archive',
        }))
      )
        return;
      gone(await forEachConversation([...selected], chatApi.archive, 'Archive'), false);
    },
    restoreSelected: async () => {
      if (
        !(await confirm({
          title: `Restore ${selected.size} selected conversations?`,
          confirmLabel: 'Restore',
        }))
      )
        return;
      gone(await forEachConversation([...selected], chatApi.unarchive, 'Restore'), false);
    },
    deleteSelected: async () => {
      if (
        !(await confirm({
          title: `Delete ${selected.size} selected conversations?`,
          message: 'They will be deleted permanently.',
          confirmLabel: 'Delete',
          danger: true,
        }))
      )
        return;
      gone(await forEachConversation([...selected], chatApi.remove, 'Delete'), true);
    },
  };

  // Paging: the next page loads when the end of the list scrolls into view.
  const sentinel = useRef<HTMLLIElement>(null);
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = active.query;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || tab !== 'active' || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => entries[0]?.isIntersecting && !isFetchingNextPage && void fetchNextPage(),
    );
    io.observe(el);
    return () => io.disconnect();
  }, [tab, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const full = useMemo(() => isSelectionFull(selected), [selected]);

  return (
    <aside className={`chat-sidebar ${open ? 'chat-sidebar--open' : ''}`} aria-label="Conversations">
      <button type="button" className="noek-btn chat-sidebar__new" onClick={onNewChat}>
        New chat
      </button>
      <div className="chat-tabs" role="tablist">
        {(['active', 'archive'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? 'chat-tab chat-tab--on' : 'chat-tab'}
            onClick={() => switchTab(t)}
          >
            {t === 'active' ? 'Active' : 'Archive'}
          </button>
        ))}
      </div>
      <div className="chat-bulk">
        <button
          type="button"
          className="noek-btn noek-btn-ghost"
          aria-pressed={selectMode}
          onClick={() => (setSelectMode(!selectMode), setSelected(new Set()))}
        >
          {selectMode ? 'Cancel' : 'Select'}
        </button>
        {selectMode ? (
          <>
            <span className="noek-muted" data-testid="selected-count">
              {selected.size}/10
            </span>
            {tab === 'active' ? (
              <button
                type="button"
                className="noek-btn noek-btn-ghost"
                disabled={selected.size === 0}
                onClick={() => void bulk.archiveSelected()}
              >
                Archive Selected
              </button>
            ) : (
              <button
                type="button"
                className="noek-btn noek-btn-ghost"
                disabled={selected.size === 0}
                onClick={() => void bulk.restoreSelected()}
              >
                Restore Selected
              </button>
            )}
            <button
              type="button"
              className="noek-btn noek-btn-ghost"
              disabled={selected.size === 0}
              onClick={() => void bulk.deleteSelected()}
            >
              Delete Selected
            </button>
          </>
        ) : (
          <>
            {tab === 'active' ? (
              <button
                type="button"
                className="noek-btn noek-btn-ghost"
                disabled={list.length === 0}
                onClick={() => void bulk.archiveAll()}
              >
                Archive All
              </button>
            ) : (
              <button
                type="button"
                className="noek-btn noek-btn-ghost"
                disabled={list.length === 0}
                onClick={() => void bulk.restoreAll()}
              >
                Restore All
              </button>
            )}
            <button
              type="button"
              className="noek-btn noek-btn-ghost"
              disabled={list.length === 0}
              onClick={() => void bulk.deleteAll()}
            >
              Delete All
            </button>
          </>
        )}
      </div>
      {loadError && (
        <p className="chat-error" role="alert">
          {loadError}
        </p>
      )}
      <ul className="chat-conv-list">
        {list.map((c) => (
          <ConversationRow
            key={c.id}
            conversation={c}
            active={c.id === activeId}
            archived={tab === 'archive'}
            selectMode={selectMode}
            selected={selected.has(c.id)}
            selectDisabled={full}
            now={now}
            onOpen={() => onSelect(c.id)}
            onToggleSelect={() => setSelected((s) => toggleSelection(s, c.id))}
            onRename={(title) => void rename(c.id, title)}
            onCopyLink={() => copyLink(c.id)}
            onArchiveToggle={() => void archiveToggle(c)}
            onDelete={() => void remove(c)}
          />
        ))}
        {tab === 'active' && hasNextPage && (
          <li ref={sentinel} className="chat-conv-more">
            <button type="button" className="noek-btn noek-btn-ghost" onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </li>
        )}
      </ul>
      <footer className="chat-sidebar__footer">
        <span className="chat-avatar" aria-hidden="true">
          U
        </span>
        <span>
          <strong>User</strong>
          <br />
          <span className="noek-muted">Free plan</span>
        </span>
      </footer>
    </aside>
  );
}
