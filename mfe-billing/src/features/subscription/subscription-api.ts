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
import { fetchJson } from '@noek/ui';

const r = apiRoutes.subscription;

/** Spec §7 'Subscription' calls and ours (payment config, test-mode card), through the shared client. */
export const subscriptionApi = {
  status: () => fetchJson(r.status.path, { parse: subscriptionStatusSchema.parse }),
  config: () => fetchJson(r.config.path, { parse: paymentConfigSchema.parse }),
  subscribe: () => fetchJson(r.subscribe.path, { method: 'POST', parse: subscribeResponseSchema.parse }),
  cancel: () => fetchJson(r.cancel.path, { method: 'POST', parse: subscriptionStatusSchema.parse }),
  reactivate: () => fetchJson(r.reactivate.path, { method: 'POST', parse: subscriptionStatusSchema.parse }),
  payTestCard: (body: TestCardPayRequest) =>
    fetchJson(r.testCardPay.path, { method: 'POST', body, parse: testCardPayResponseSchema.parse }),
  authenticateTestCard: (body: TestCardAuthenticateRequest) =>
    fetchJson(r.testCardAuthenticate.path, { method: 'POST', body, parse: testCardPayResponseSchema.parse }),
  /** The signed-in user as auth now holds it (the level moves when the payment's webhook lands). */
  me: () => fetchJson(apiRoutes.auth.me.path, { parse: meResponseSchema.parse }),
};
