import { z } from 'zod';

/** Every non-2xx JSON answer from the gateway or a service has this shape. */
export const errorBodySchema = z.object({
  /** Machine-readable code, e.g. VALIDATION_FAILED, NOT_FOUND, RATE_LIMITED. */
  code: z.string(),
  /** Plain-language message a UI may show as is. */
  message: z.string(),
  /** The failing fields of a validation error: path → messages. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** The request id, so a user report can be matched with the logs. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  malformedJson: 'MALFORMED_JSON',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
  badGateway: 'BAD_GATEWAY',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  gatewayTimeout: 'GATEWAY_TIMEOUT',
  foreignOrigin: 'FOREIGN_ORIGIN',
  /** Login after a correct password for an unverified email (emailNotVerifiedErrorSchema). */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  /** Login or any call by a banned user (bannedErrorSchema: reason, bannedUntil). */
  banned: 'BANNED',
  /** A blocked user tried to send a message. */
  blocked: 'BLOCKED',
  /** 429 on sending past the level's limit (usageLimitErrorSchema: limit, resetsAt). */
  usageLimitReached: 'USAGE_LIMIT_REACHED',
  /** Wrong email or password (one message for both: no account enumeration). */
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** A verification, reset or handoff token that is unknown, used or expired. */
  invalidToken: 'INVALID_TOKEN',
  /** A request Express or its parsers could not read (incomplete body, bad %-escape). */
  badRequest: 'BAD_REQUEST',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  /** The verify-email link failed (unknown, used or expired token). */
  verificationFailed: 'VERIFICATION_FAILED',
  /** An admin acting on their own account where that is refused. */
  selfAction: 'SELF_ACTION',
  /** Sign-up or an admin edit with an email another account has. */
  emailTaken: 'EMAIL_TAKEN',
  /** Change password: the current password is wrong. */
  invalidPassword: 'INVALID_PASSWORD',
  /** A handoff token that is unknown, used, expired or for another host. */
  invalidHandoff: 'INVALID_HANDOFF',
  handoffHostNotAllowed: 'HANDOFF_HOST_NOT_ALLOWED',
  /** Chat: a shared link that was revoked or has expired (410). */
  shareGone: 'SHARE_GONE',
  /** Chat: an administrator turned public links off (403 on a new link, 410 on opening one). */
  sharingDisabled: 'SHARING_DISABLED',
  /** Chat: a banned user tried to send (403). */
  userBanned: 'USER_BANNED',
  /** Chat: a blocked user tried to send (403). */
  userBlocked: 'USER_BLOCKED',
  /** Chat: too many replies of one user being written at once (429, Retry-After). */
  tooManyReplies: 'TOO_MANY_REPLIES',
  /** Chat: a reply is still being written in this conversation (409). */
  replyInProgress: 'REPLY_IN_PROGRESS',
  /** Chat: retry of a reply that is not the last one, or not interrupted/failed (409). */
  notRetryable: 'NOT_RETRYABLE',
  /** Chat: the user's row kept changing under a send (409, try again). */
  sendContended: 'SEND_CONTENDED',
  /** Chat: edit of a message that is not one of the user's own (an assistant reply) (409). */
  notEditable: 'NOT_EDITABLE',
  /** Chat: regenerate of a message that is not a finished assistant reply (409). */
  notRegenerable: 'NOT_REGENERABLE',
  /** Chat: feedback on a message that is not a finished reply (409). */
  notRateable: 'NOT_RATEABLE',
  /** Chat: continue of a reply that is not a stopped one with text at the end of its branch (409). */
  notContinuable: 'NOT_CONTINUABLE',
  /** Chat: a branch index past the message's last sibling (400). */
  branchOutOfRange: 'BRANCH_OUT_OF_RANGE',
  /** Chat: the conversation's model is not offered by any provider now (409): pick another. */
  modelUnavailable: 'MODEL_UNAVAILABLE',
  /** Chat: the user's plan does not include the model (403, modelNotOnPlanErrorSchema: the plan that does). */
  modelNotOnPlan: 'MODEL_NOT_ON_PLAN',
  /** Chat: the plan's tokens for this window are spent (429, tokenBudgetErrorSchema: budget, resetsAt). */
  tokenBudgetSpent: 'TOKEN_BUDGET_SPENT',
  /** Subscribe while a SuperNoek subscription is already active (409). */
  alreadySubscribed: 'ALREADY_SUBSCRIBED',
  /** Subscribe while the first payment is being processed (409). */
  paymentPending: 'PAYMENT_PENDING',
  /** Cancel or reactivate without a subscription that allows it (404). */
  noSubscription: 'NO_SUBSCRIPTION',
  /** Reactivate after the paid period ended (409): subscribe again instead. */
  subscriptionEnded: 'SUBSCRIPTION_ENDED',
  /** The card was declined or could not be authenticated (402); message = the provider's message. */
  paymentFailed: 'PAYMENT_FAILED',
  /** The payment provider did not answer or failed (503). */
  paymentProviderUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** Payments are not configured on this server (503). */
  paymentsNotConfigured: 'PAYMENTS_NOT_CONFIGURED',
  /** A webhook whose signature is missing, wrong or too old (400). */
  invalidWebhookSignature: 'INVALID_WEBHOOK_SIGNATURE',
  /** The change would leave no active admin. */
  lastAdmin: 'LAST_ADMIN',
  /** Admin: the owning service did not answer in time; whether the change was made is unknown (504). */
  outcomeUnknown: 'OUTCOME_UNKNOWN',
  /** An idempotency key sent again with a different request (422). */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

const knownCodes: ReadonlySet<string> = new Set(Object.values(errorCodes));
/** True when `code` is one of errorCodes (the tests check every error answer with it). */
export function isErrorCode(code: string): code is ErrorCode {
  return knownCodes.has(code);
}
