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
  /** An admin tried to ban, block or demote their own account. */
  selfAction: 'SELF_ACTION',
  /** The change would leave no active admin. */
  lastAdmin: 'LAST_ADMIN',
  /** Another account already uses this email. */
  emailTaken: 'EMAIL_TAKEN',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
