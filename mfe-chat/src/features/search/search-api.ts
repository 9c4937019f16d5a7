import { apiRoutes, searchResponseSchema } from '@noek/contracts';
import { api, apiCall } from '@noek/ui';

export const searchApi = {
  search: (q: string, archived: boolean, signal?: AbortSignal) =>
    apiCall(apiRoutes.conversations.search, {
      query: { q, archived, limit: 20 },
      signal,
      parse: (v) => searchResponseSchema.parse(v),
    }),
  /** Shows a matched message: the path switches to its branch if it is not shown; answers the path. */
  showMessage: (conversationId: number, messageId: number) =>
    api(apiRoutes.conversations.showMessage, { params: { id: conversationId, messageId } }),
};
