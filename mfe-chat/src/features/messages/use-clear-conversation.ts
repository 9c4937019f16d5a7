import { useQueryClient } from '@tanstack/react-query';
import { chatApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { chatCache } from '../cache/chat-cache';
import { useConfirm } from '../dialog/confirm-dialog';

/**
 * What the header's 'Clear conversation' asks (spec §5: confirmation required). The API has no call that
 * empties a conversation and keeps it (spec §7 lists only DELETE /api/conversations/{id}), so clearing
 * deletes the conversation, and the confirmation says exactly that.
 */
export const CLEAR_CONVERSATION_CONFIRM = {
  title: 'Clear this conversation?',
  message:
    'The whole conversation will be deleted permanently: its title and all its messages. It will no longer be in your list. This cannot be undone.',
  confirmLabel: 'Delete conversation',
  danger: true,
} as const;

export const CLEAR_CONVERSATION_FAILED = 'The conversation could not be deleted. Please try again.';

/**
 * The header's clear-conversation: asks first, deletes the conversation, forgets it from the local
 * cache, refreshes the list and goes back to a new chat. If the delete fails, the conversation stays
 * open and the user is told so.
 */
export function useClearConversation(
  userId: string,
  conversationId: number | null,
  goHome: () => void,
  notify: (title: string) => void,
) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  return async () => {
    if (conversationId === null) return;
    if (!(await confirm(CLEAR_CONVERSATION_CONFIRM))) return;
    try {
      await chatApi.remove(conversationId);
    } catch (err) {
      console.error('Failed to clear conversation', err);
      notify(CLEAR_CONVERSATION_FAILED);
      return;
    }
    chatCache.forgetConversation(userId, conversationId);
    void qc.invalidateQueries({ queryKey: chatKeys.conversations });
    goHome();
  };
}
