import {
  apiRoutes,
  sharedConversationSchema,
  shareLinkListResponseSchema,
  shareLinkSchema,
} from '@noek/contracts';
import { apiCall } from '@noek/ui';

export const shareApi = {
  view: (shareId: string) =>
    apiCall(apiRoutes.shared.view, { params: { shareId }, parse: (v) => sharedConversationSchema.parse(v) }),
  create: (conversationId: number, expiresInDays: number | null) =>
    apiCall(apiRoutes.conversations.createShare, {
      params: { id: conversationId },
      body: { expiresInDays },
      parse: (v) => shareLinkSchema.parse(v),
    }),
  list: () => apiCall(apiRoutes.conversations.shares, { parse: (v) => shareLinkListResponseSchema.parse(v) }),
};
