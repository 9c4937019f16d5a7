import { apiRoutes, pinnedListResponseSchema } from '@noek/contracts';
import { apiCall } from '@noek/ui';

const r = apiRoutes.conversations;
const parse = (v: unknown) => pinnedListResponseSchema.parse(v);

export const pinsApi = {
  list: () => apiCall(r.pins, { parse }),
  pin: (id: number) => apiCall(r.pin, { params: { id }, parse }),
  unpin: (id: number) => apiCall(r.unpin, { params: { id }, parse }),
  reorder: (conversationIds: number[]) => apiCall(r.reorderPins, { body: { conversationIds }, parse }),
};
