import { apiRoutes, type TestCardAuthenticateRequest, type TestCardPayRequest } from '@noek/contracts';
import { api } from '@noek/ui';

const r = apiRoutes.subscription;

/**
 * Spec §7 'Subscription' calls and ours (payment config, test-mode card), through the one shared client:
 * method, path and the answer's parsing come from each contracts entry.
 */
export const subscriptionApi = {
  status: () => api(r.status),
  config: () => api(r.config),
  subscribe: () => api(r.subscribe),
  cancel: () => api(r.cancel),
  reactivate: () => api(r.reactivate),
  payTestCard: (body: TestCardPayRequest) => api(r.testCardPay, { body }),
  authenticateTestCard: (body: TestCardAuthenticateRequest) => api(r.testCardAuthenticate, { body }),
  /** The signed-in user as auth now holds it (the level moves when the payment's webhook lands). */
  me: () => api(apiRoutes.auth.me),
};
