/** An error answered in Stripe's shape: `{ error: { type, code, message, ... } }` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
      code?: string;
      decline_code?: string;
      param?: string;
      message: string;
      payment_intent?: unknown;
    },
  ) {
    super(body.message);
  }
}

export function missing(kind: string, id: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  });
}

export function invalid(param: string, message: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    param,
    message,
  });
}
