import { useQuery } from '@tanstack/react-query';
import { subscriptionApi } from './subscription-api';

export const billingKeys = {
  status: ['billing', 'status'] as const,
  config: ['billing', 'config'] as const,
};

/** The user's subscription status; `pollMs` while waiting for a webhook to land. */
export function useSubscriptionStatus(pollMs?: number | false) {
  return useQuery({ queryKey: billingKeys.status, queryFn: subscriptionApi.status, refetchInterval: pollMs });
}

export function usePaymentConfig() {
  return useQuery({ queryKey: billingKeys.config, queryFn: subscriptionApi.config });
}
