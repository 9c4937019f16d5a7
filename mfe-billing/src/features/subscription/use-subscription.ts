import { useQuery } from '@tanstack/react-query';
import { subscriptionApi } from './subscription-api';

export const billingKeys = {
  status: ['billing', 'status'] as const,
  config: ['billing', 'config'] as const,
  /** The provider's message for the last declined card in this page (the account screen names it). */
  lastDecline: ['billing', 'last-decline'] as const,
};

/** The user's subscription status; `pollMs` while waiting for a webhook to land. */
export function useSubscriptionStatus(pollMs?: number | false) {
  return useQuery({
    queryKey: billingKeys.status,
    queryFn: subscriptionApi.status,
    refetchInterval: pollMs,
    // Each screen that shows the plan asks again when it opens: payments change it outside this cache
    // (a decline, a webhook), and the cache is the shell's, kept across views.
    staleTime: 0,
  });
}

export function usePaymentConfig() {
  return useQuery({ queryKey: billingKeys.config, queryFn: subscriptionApi.config });
}

/** The last declined card's message, set by the payment form; read only, never fetched. */
export function useLastDecline(): string | undefined {
  return useQuery<string>({
    queryKey: billingKeys.lastDecline,
    queryFn: () => Promise.reject(new Error('set by the payment form only')),
    enabled: false,
  }).data;
}
