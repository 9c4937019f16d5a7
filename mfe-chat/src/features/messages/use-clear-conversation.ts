import { useQueryClient } from '@tanstack/react-query';
import { chatApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { chatCache } from '../cache/chat-cache';
import { useConfirm } from '../dialog/confirm-dialog';

/**
 * The header's clear-conversation (spec §5: asks first): deletes the conversation, forgets it from the
 * local cache, refreshes the list and goes back to a new chat. A failure is only logged.
 */
export function useClearConversation(userId: string, conversationId: number | null, goHome: () => void) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  return async () => {
    if (conversationId === null) return;
    const ok = await confirm({
      title: 'Clear this conversation?',
      message: 'Its messages will be deleted permanently.',
      confirmLabel: 'Clear',
      danger: true,
    });
    if (!ok) return;
    try {
      await chatApi.remove(conversationId);
      chatCache.forgetConversation(userId, conversationId);
    } catch (err) {
      console.error('Failed to clear conversation', err);
    }
    void qc.invalidateQueries({ queryKey: chatKeys.conversations });
    goHome();
  };
}
