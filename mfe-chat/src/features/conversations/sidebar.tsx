import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AccessLevel, Conversation, User } from '@noek/contracts';
import { chatApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { PinnedSection } from '../pins/pinned-section';
import { usePins } from '../pins/use-pins';
import { SearchPalette } from '../search/search-palette';
import { ShareDialog } from '../share/share-dialog';
import { SidebarSearch } from '../search/sidebar-search';
import { BulkToolbar } from './bulk-toolbar';
import { ConversationList } from './conversation-list';
import { SidebarTabs, type SidebarTab } from './sidebar-tabs';
import { useConversationActions } from './use-conversation-actions';
import { useActiveConversations, useArchivedConversations } from './use-conversations';

export interface SidebarProps {
  user: Pick<User, 'id' | 'name' | 'accessLevel'>;
  activeId: number | null;
  open: boolean;
  onSelect: (id: number) => void;
  onNewChat: () => void;
  /** The active conversation was deleted or archived away. */
  onActiveGone: () => void;
  notify: (title: string) => void;
}

const planLabels: Record<AccessLevel, string> = {
  basic: 'Free plan',
  premium: 'Premium plan',
  supernoek: 'SuperNoek plan',
  admin: 'Administrator',
};

/**
 * Spec §2's footer ('User', 'Free plan') in its place, but true (decisions.md): the signed-in user's name
 * and current plan, since a generic 'Free plan' would be false for a subscriber.
 */
function SidebarFooter({ user }: { user: SidebarProps['user'] }) {
  return (
    <footer className="chat-sidebar__footer" data-testid="sidebar-footer">
      <span className="chat-avatar" aria-hidden="true">
        {user.name.trim().charAt(0).toUpperCase() || 'U'}
      </span>
      <span>
        <strong>{user.name}</strong>
        <br />
        <span className="noek-muted">{planLabels[user.accessLevel]}</span>
      </span>
    </footer>
  );
}

/**
 * The conversation sidebar (spec §2): 'New chat', the tabs, the bulk row, the list, the footer. It
 * holds only what the parts share (open tab, Select mode, selection); the jobs live beside it:
 * `sidebar-tabs`, `bulk-toolbar`, `conversation-list`, `use-conversation-actions`, `use-conversations`.
 */
export function Sidebar({ user, activeId, open, onSelect, onNewChat, onActiveGone, notify }: SidebarProps) {
  const [tab, setTab] = useState<SidebarTab>('active');
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [searching, setSearching] = useState(false);
  const [sharing, setSharing] = useState<Conversation | null>(null);
  const userId = user.id;
  const active = useActiveConversations(userId);
  const archived = useArchivedConversations(tab === 'archive');
  const archivedTab = tab === 'archive';
  // An admin (or SHARING_ENABLED) turned public links off: Share is not offered.
  const settings = useQuery({ queryKey: chatKeys.settings, queryFn: () => chatApi.settings() });
  const sharingOff = settings.data?.sharingEnabled === false;
  const pins = usePins(notify);
  // Pinned conversations show in their own section above the Active list, not twice.
  const list: Conversation[] = archivedTab
    ? (archived.data ?? [])
    : active.list.filter((c) => !pins.pinnedIds.has(c.id));
  const loadError = archivedTab
    ? archived.isError && 'Failed to fetch archived conversations'
    : active.query.isError && 'Failed to fetch conversations';
  const actions = useConversationActions({
    userId,
    activeId,
    archivedTab,
    list,
    activeList: active.list,
    selected,
    clearSelection: () => setSelected(new Set()),
    onActiveGone,
    notify,
  });
  const switchTab = (t: SidebarTab) => {
    setTab(t);
    setSelected(new Set());
    setSelectMode(false);
  };

  return (
    <aside className={`chat-sidebar ${open ? 'chat-sidebar--open' : ''}`} aria-label="Conversations">
      <button type="button" className="noek-btn chat-sidebar__new" onClick={onNewChat}>
        New chat
      </button>
      <SidebarSearch onOpen={onSelect} onActiveChange={setSearching} />
      <SearchPalette onOpen={onSelect} />
      {!searching && (
        <>
          {!archivedTab && <PinnedSection pins={pins} activeId={activeId} onOpen={onSelect} />}
          <SidebarTabs tab={tab} onSwitch={switchTab} />
          <BulkToolbar
            archivedTab={archivedTab}
            selectMode={selectMode}
            onToggleSelectMode={() => (setSelectMode(!selectMode), setSelected(new Set()))}
            selectedCount={selected.size}
            listEmpty={list.length === 0}
            actions={actions}
          />
          {loadError && (
            <p className="chat-error" role="alert">
              {loadError}
            </p>
          )}
          <ConversationList
            list={list}
            activeId={activeId}
            archivedTab={archivedTab}
            selectMode={selectMode}
            selected={selected}
            setSelected={setSelected}
            onOpen={onSelect}
            actions={actions}
            onPin={archivedTab ? undefined : pins.pin}
            onShare={archivedTab || sharingOff ? undefined : setSharing}
            paging={{
              hasNextPage: active.query.hasNextPage,
              isFetchingNextPage: active.query.isFetchingNextPage,
              fetchNextPage: active.query.fetchNextPage,
            }}
          />
        </>
      )}
      {sharing && <ShareDialog conversation={sharing} onClose={() => setSharing(null)} />}
      <SidebarFooter user={user} />
    </aside>
  );
}
