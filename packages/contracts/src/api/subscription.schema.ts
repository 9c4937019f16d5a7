import {
  subscriptionCreationResponseSchema,
  subscriptionStatusSchema,
  type SubscriptionCreationResponse,
  type SubscriptionStatus,
} from '../entities/subscription.schema';

/**
 * Subscription calls (spec §7) take no body. GET /api/subscription/status, POST
 * /api/subscription/cancel and POST /api/subscription/reactivate all answer the status;
 * POST /api/payment/subscribe answers the creation response.
 */
export const subscriptionStatusResponseSchema = subscriptionStatusSchema;
export type SubscriptionStatusResponse = SubscriptionStatus;
export const cancelSubscriptionResponseSchema = subscriptionStatusSchema;
export const reactivateSubscriptionResponseSchema = subscriptionStatusSchema;
export const subscribeResponseSchema = subscriptionCreationResponseSchema;
export type SubscribeResponse = SubscriptionCreationResponse;
