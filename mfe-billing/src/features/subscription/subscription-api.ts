import {
  apiRoutes,
  meResponseSchema,
  paymentConfigSchema,
  subscribeResponseSchema,
  subscriptionStatusSchema,
  testCardPayResponseSchema,
  type TestCardAuthenticateRequest,
  type TestCardPayRequest,
} from '@noek/contracts';
import { apiCall } from '@noek/ui';

const r = apiRoutes.subscription;

/** Spec §7 'Subscription' calls and ours (payment config, test-mode card), through the one shared client. */
export const subscriptionApi = {
  status: () => apiCall(r.status, { parse: subscriptionStatusSchema.parse }),
  config: () => apiCall(r.config, { parse: paymentConfigSchema.parse }),
  subscribe: () => apiCall(r.subscribe, { parse: subscribeResponseSchema.parse }),
  cancel: () => apiCall(r.cancel, { parse: subscriptionStatusSchema.parse }),
  reactivate: () => apiCall(r.reactivate, { parse: subscriptionStatusSchema.parse }),
  payTestCard: (body: TestCardPayRequest) =>
    apiCall(r.testCardPay, { body, parse: testCardPayResponseSchema.parse }),
  authenticateTestCard: (body: TestCardAuthenticateRequest) =>
    apiCall(r.testCardAuthenticate, { body, parse: testCardPayResponseSchema.parse }),
  /** The signed-in user as auth now holds it (the level moves when the payment's webhook lands). */
  me: () => apiCall(apiRoutes.auth.me, { parse: meResponseSchema.parse }),
};
