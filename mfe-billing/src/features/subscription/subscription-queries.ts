import { queryOptions } from '@tanstack/react-query';
import { subscriptionApi } from './subscription-api';
import { billingKeys } from './query-keys';

/**
 * The billing reads as queryOptions, each beside its call in subscription-api.ts. The client is the
 * shell's (spec §7 policy: never stale, no retry); these say where billing differs from it.
 */

/** The user's subscription status; `pollMs` while waiting for a webhook to land. */
export const statusQuery = (pollMs?: number | false) =>
  queryOptions({
    queryKey: billingKeys.status,
    queryFn: subscriptionApi.status,
    refetchInterval: pollMs,
    // Each screen that shows the plan asks again when it opens: payments change it outside this cache
    // (a decline, a webhook), and the cache is the shell's, kept across views.
    staleTime: 0,
  });

/** The payment configuration: fixed for the page's life, so the shell's never-stale default holds. */
export const paymentConfigQuery = () =>
  queryOptions({ queryKey: billingKeys.config, queryFn: subscriptionApi.config });

/** The last declined card's message, set by the payment form; read only, never fetched. */
export const lastDeclineQuery = () =>
  queryOptions<string>({
    queryKey: billingKeys.lastDecline,
    queryFn: () => Promise.reject(new Error('set by the payment form only')),
    enabled: false,
  });
