import { useQuery } from '@tanstack/react-query';
import { lastDeclineQuery, paymentConfigQuery, statusQuery } from './subscription-queries';

/** The user's subscription status; `pollMs` while waiting for a webhook to land. */
export const useSubscriptionStatus = (pollMs?: number | false) => useQuery(statusQuery(pollMs));

export const usePaymentConfig = () => useQuery(paymentConfigQuery());

/** The last declined card's message, set by the payment form. */
export const useLastDecline = (): string | undefined => useQuery(lastDeclineQuery()).data;
