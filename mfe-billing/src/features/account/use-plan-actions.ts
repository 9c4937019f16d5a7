import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HostApi, SubscriptionStatus } from '@noek/contracts';
import { subscriptionApi } from '../subscription/subscription-api';
import { billingKeys } from '../subscription/query-keys';

/** Cancel and reactivate: each answers the new status, which replaces the cached one, and toasts (spec §8). */
export function usePlanActions(host: HostApi, onCancelled: () => void) {
  const queryClient = useQueryClient();
  const settle = (s: SubscriptionStatus) => queryClient.setQueryData(billingKeys.status, s);
  const cancel = useMutation({
    mutationFn: subscriptionApi.cancel,
    onSuccess: (s) => {
      settle(s);
      onCancelled();
      host.toast({
        title: 'Subscription Cancelled',
        description: 'It ends at the end of the current billing period.',
      });
    },
    onError: () =>
      host.toast({ title: 'Failed to cancel subscription. Please try again.', variant: 'destructive' }),
  });
  const reactivate = useMutation({
    mutationFn: subscriptionApi.reactivate,
    onSuccess: (s) => {
      settle(s);
      host.toast({ title: 'Subscription Reactivated', description: 'Your SuperNoek plan will renew.' });
    },
    onError: () =>
      host.toast({ title: 'Failed to reactivate subscription. Please try again.', variant: 'destructive' }),
  });
  return { cancel, reactivate };
}
