import { errorCodes, type ErrorCode } from '@noek/contracts';

export type ErrorFields = Record<string, string[]>;

export interface DomainErrorOptions {
  fields?: ErrorFields;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  /**
   * Extra top-level fields of the answer beyond code and message (e.g. a ban's reason and end, the
   * email of an unverified sign-in), declared by a schema in packages/contracts. They cannot replace
   * code, message, fields or requestId.
   */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An error the client is meant to see: its code, status and message are sent as is
 * by errorMiddleware, so the message must be plain language and free of internals.
 */
export class DomainError extends Error {
  /** Typed as ErrorCode: a code missing from contracts' errorCodes does not compile (add it THERE). */
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: ErrorFields;
  readonly headers?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, status: number, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = status;
    this.fields = options.fields;
    this.headers = options.headers;
    this.details = options.details;
  }
}

export class ValidationError extends DomainError {
  constructor(message = 'Some fields are not valid.', fields?: ErrorFields) {
    super(errorCodes.validationFailed, 400, message, { fields });
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Please sign in to continue.', code: ErrorCode = errorCodes.unauthenticated) {
    super(code, 401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do this.', code: ErrorCode = errorCodes.forbidden) {
    super(code, 403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.', code: ErrorCode = errorCodes.notFound) {
    super(code, 404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(
    message = 'This conflicts with the current state.',
    code: ErrorCode = errorCodes.conflict,
    fields?: ErrorFields,
  ) {
    super(code, 409, message, { fields });
  }
}

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(
    message: string,
    retryAfterSeconds: number,
    code: ErrorCode = errorCodes.rateLimited,
    details?: Record<string, unknown>,
  ) {
    const seconds = Math.max(0, Math.ceil(retryAfterSeconds));
    super(code, 429, message, {
      headers: { 'Retry-After': String(seconds) },
      fields: { retryAfterSeconds: [String(seconds)] },
      details,
    });
    this.retryAfterSeconds = seconds;
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(
    message = 'This part of Noek is temporarily unavailable. Please try again shortly.',
    code: ErrorCode = errorCodes.serviceUnavailable,
    retryAfterSeconds?: number,
  ) {
    super(code, 503, message, {
      headers: retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Noek cannot reach its database for a moment. Please try again in a few seconds.';

/** The database answered that it is out of a resource (disk, memory, connections: SQLSTATE class 53). */
export const DATABASE_BUSY_MESSAGE =
  'Noek is short of database resources for a moment. Please try again shortly.';

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}
