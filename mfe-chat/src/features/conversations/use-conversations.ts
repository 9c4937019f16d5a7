import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@noek/contracts';
import { CONVERSATIONS_PAGE_SIZE, chatApi } from '../api/chat-api';
import { chatKeys } from '../api/query-keys';
import { chatCache } from '../cache/chat-cache';

/** The Active tab, paged (50 a page) so a long history loads as the user scrolls. */
export function useActiveConversations(userId: string) {
  const query = useInfiniteQuery({
    queryKey: chatKeys.conversations,
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const page = await chatApi.list(pageParam);
      if (pageParam === 0) chatCache.setConversations(userId, page);
      return page;
    },
    getNextPageParam: (last, all) => (last.length === CONVERSATIONS_PAGE_SIZE ? all.length : undefined),
    placeholderData: () => {
      const cached = chatCache.conversations(userId);
      return cached ? { pages: [cached], pageParams: [0] } : undefined;
    },
  });
  const list: Conversation[] = query.data?.pages.flat() ?? [];
  return { query, list };
}

/** The Archive tab: fetched only while it is open (spec §7). */
export function useArchivedConversations(open: boolean) {
  return useQuery({ queryKey: chatKeys.archived, queryFn: () => chatApi.archived(), enabled: open });
}

export function useRefreshConversations() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: chatKeys.conversations });
}
