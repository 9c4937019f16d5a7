import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message, SearchResult } from '@noek/contracts';
import { chatKeys } from '../api/query-keys';
import { searchApi } from './search-api';
import { setScrollTarget } from './scroll-target';

/**
 * Opens a result's conversation; the message list then scrolls to the matching message. A match may sit
 * on a branch the conversation does not show (an older version of an edited message): the server
 * switches the path to it first, and the list starts from that path. If that fails (the message was
 * deleted meanwhile), the conversation still opens as it is.
 */
export function useOpenResult(
  open: (conversationId: number) => void,
): (result: SearchResult) => Promise<void> {
  const qc = useQueryClient();
  return useCallback(
    async (result) => {
      const { conversationId, messageId } = result;
      if (messageId !== null) {
        try {
          const path = await searchApi.showMessage(conversationId, messageId);
          qc.setQueryData<Message[]>(chatKeys.messages(conversationId), path);
        } catch (err) {
          console.error('Failed to show the matching message', err);
        }
      }
      setScrollTarget(messageId === null ? null : { conversationId, messageId });
      open(conversationId);
    },
    [qc, open],
  );
}
