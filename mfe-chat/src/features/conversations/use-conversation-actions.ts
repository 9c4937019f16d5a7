import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@noek/contracts';
import { chatApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { chatCache } from '../cache/chat-cache';
import { copyText } from '../clipboard/copy-text';
import { useConfirm } from '../dialog/confirm-dialog';
import { forEachConversation, ids } from './bulk-actions';

export interface ConversationActionsDeps {
  userId: string;
  activeId: number | null;
  /** The tab the actions act on: 'archive' restores where 'active' archives. */
  archivedTab: boolean;
  /** The conversations of the open tab, and those of the Active tab (for Archive All). */
  list: Conversation[];
  activeList: Conversation[];
  selected: Set<number>;
  clearSelection: () => void;
  onActiveGone: () => void;
  notify: (title: string) => void;
}

/**
 * What the sidebar's buttons do (spec §2, §4, §5, §7, §8): each asks for confirmation where spec §5
 * requires it, calls the API (bulk = one call per conversation), forgets deleted conversations from
 * the local cache, and refreshes the list. Failures are only logged (spec §8).
 */
export function useConversationActions(d: ConversationActionsDeps) {
  const qc = useQueryClient();
  const ask = useConfirm();
  const refresh = () => qc.invalidateQueries({ queryKey: chatKeys.conversations });

  const gone = (removed: number[], deleted: boolean) => {
    if (deleted) for (const id of removed) chatCache.forgetConversation(d.userId, id);
    if (d.activeId !== null && removed.includes(d.activeId)) d.onActiveGone();
    d.clearSelection();
    void refresh();
  };
  const each = async (list: number[], action: (id: number) => Promise<unknown>, label: string) =>
    gone(await forEachConversation(list, action, label), label === 'Delete');

  return {
    rename: async (id: number, title: string) => {
      try {
        await chatApi.rename(id, title);
      } catch (err) {
        console.error('Failed to rename conversation', err);
      }
      void refresh();
    },
    copyLink: async (id: number) => {
      const ok = await copyText(`${window.location.origin}/chat/${id}`);
      if (ok) d.notify('Chat link copied to clipboard!');
      return ok;
    },
    archiveToggle: async (c: Conversation) => {
      try {
        await (d.archivedTab ? chatApi.unarchive(c.id) : chatApi.archive(c.id));
        gone(d.archivedTab ? [] : [c.id], false);
      } catch (err) {
        console.error('Failed to archive conversation', err);
      }
    },
    remove: async (c: Conversation) => {
      const message = `"${c.title}" will be deleted permanently.`;
      if (await ask({ title: 'Delete this conversation?', message, confirmLabel: 'Delete', danger: true }))
        await each([c.id], chatApi.remove, 'Delete');
    },
    archiveAll: async () => {
      if (!(await ask({ title: 'Archive all conversations?', confirmLabel: 'Archive All' }))) return;
      try {
        await chatApi.archiveAll();
      } catch (err) {
        console.error('Archive all failed', err);
      }
      gone(ids(d.activeList), false);
    },
    restoreAll: async () => {
      if (await ask({ title: 'Restore all archived conversations?', confirmLabel: 'Restore All' }))
        await each(ids(d.list), chatApi.unarchive, 'Restore');
    },
    deleteAll: async () => {
      const title = `Delete all ${d.archivedTab ? 'archived' : 'active'} conversations?`;
      const message = 'They will be deleted permanently.';
      if (await ask({ title, message, confirmLabel: 'Delete All', danger: true }))
        await each(ids(d.list), chatApi.remove, 'Delete');
    },
    archiveSelected: async () => {
      if (await ask({ title: `Archive ${d.selected.size} selected conversations?`, confirmLabel: 'Archive' }))
        await each([...d.selected], chatApi.archive, 'Archive');
    },
    restoreSelected: async () => {
      if (await ask({ title: `Restore ${d.selected.size} selected conversations?`, confirmLabel: 'Restore' }))
        await each([...d.selected], chatApi.unarchive, 'Restore');
    },
    deleteSelected: async () => {
      const title = `Delete ${d.selected.size} selected conversations?`;
      const message = 'They will be deleted permanently.';
      if (await ask({ title, message, confirmLabel: 'Delete', danger: true }))
        await each([...d.selected], chatApi.remove, 'Delete');
    },
  };
}
export type ConversationActions = ReturnType<typeof useConversationActions>;
