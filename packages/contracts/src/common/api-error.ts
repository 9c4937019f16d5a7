import { errorBodySchema, type ErrorBody } from './error.schema';

/**
 * Spec §7: any non-success answer is raised as an error whose message is
 * "{status}: {body text}", or "{status}: {status text}" when the body is empty.
 */
export function apiErrorMessage(status: number, bodyText: string, statusText = ''): string {
  return `${status}: ${bodyText.length > 0 ? bodyText : statusText}`;
}

/** The error a client raises for a non-2xx answer; `body` is our error envelope when it parses. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: ErrorBody | null,
    message: string,
  ) {
    super(message);
  }
}

export function apiError(status: number, bodyText: string, statusText = ''): ApiError {
  return new ApiError(
    status,
    bodyText,
    parseErrorBody(bodyText),
    apiErrorMessage(status, bodyText, statusText),
  );
}

/** Our JSON error envelope from a body text, or null when the body is something else. */
export function parseErrorBody(bodyText: string): ErrorBody | null {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The text a UI shows for a failed call: the server's message when it sent one, else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body) return error.body.message;
  return fallback;
}
