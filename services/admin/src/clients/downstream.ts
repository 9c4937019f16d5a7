import { errorBodySchema, errorCodes, idempotencyKeyHeader, isErrorCode } from '@noek/contracts';
import { DomainError, ServiceUnavailableError } from '@noek/service-kit';

export type DownstreamCall = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Per attempt. */
  timeoutMs: number;
  /** Named in the plain-language error ('The user service', 'The chat service'). */
  label: string;
  /**
   * A change that is safe to send again: made at most once under `key` (the service stores the outcome by
   * it, and a retry answers the first outcome), or one that sets a value (done twice = done once). It is
   * retried when an answer is lost or failed, within `budgetMs`.
   */
  idempotent?: { key?: string; budgetMs: number };
};

/** At most this many attempts of one idempotent call. */
const MAX_ATTEMPTS = 3;

/** The outcome is unknown: the request may have reached the service, and no answer came in time. */
export class OutcomeUnknownError extends DomainError {
  constructor(label: string) {
    super(
      errorCodes.outcomeUnknown,
      504,
      `${label} did not answer in time, so it is unknown whether this was done. Check the user's history before trying again.`,
    );
  }
}

type Attempt =
  | { kind: 'answer'; status: number; data: unknown }
  /** Nothing reached the service (connection refused, no such host). */
  | { kind: 'not-sent' }
  /** Sent, and no answer: timed out or cut (the service may have done it). */
  | { kind: 'lost' };

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

async function attempt(call: DownstreamCall): Promise<Attempt> {
  try {
    const res = await fetch(call.url, {
      method: call.method,
      headers: {
        ...call.headers,
        ...(call.idempotent?.key ? { [idempotencyKeyHeader]: call.idempotent.key } : {}),
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    const text = await res.text();
    return { kind: 'answer', status: res.status, data: text ? safeJson(text) : undefined };
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    return code && NOT_SENT.has(code) ? { kind: 'not-sent' } : { kind: 'lost' };
  }
}

/** 5xx, or 401 (our service token refused: a deployment problem, not the caller's): nothing was done. */
const failedThere = (a: Attempt) => a.kind === 'answer' && (a.status >= 500 || a.status === 401);

/**
 * One call to auth or chat. A 4xx of theirs is passed on as the same domain error (its code, message and
 * fields), so a bad email or a self-action reads the same from the admin API. An idempotent call whose
 * answer is lost (timeout, cut connection) or failed is tried again with the same key; when no attempt
 * answered, the error says what is known: 503 'Nothing was changed' only when no attempt can have reached
 * the service or each one that did answered a failure, else 504 OUTCOME_UNKNOWN.
 */
export async function callDownstream(call: DownstreamCall): Promise<unknown> {
  const deadline = Date.now() + (call.idempotent?.budgetMs ?? 0);
  let mayHaveActed = false;
  let last: Attempt = { kind: 'not-sent' };
  for (let n = 1; n <= (call.idempotent ? MAX_ATTEMPTS : 1); n++) {
    if (n > 1) {
      // A retry starts only when a whole attempt still fits in the budget.
      if (Date.now() + 200 * n + call.timeoutMs > deadline) break;
      await new Promise((r) => setTimeout(r, 200 * n));
    }
    last = await attempt(call);
    // A read that got no answer did nothing either.
    if (last.kind === 'lost' && call.method !== 'GET') mayHaveActed = true;
    if (last.kind === 'answer' && !failedThere(last)) return answered(call, last.status, last.data);
  }
  if (mayHaveActed) throw new OutcomeUnknownError(call.label);
  if (last.kind === 'answer')
    throw new ServiceUnavailableError(`${call.label} could not do this right now. Nothing was changed.`);
  throw new ServiceUnavailableError(`${call.label} is not reachable right now. Nothing was changed.`);
}

function answered(call: DownstreamCall, status: number, data: unknown): unknown {
  if (status >= 200 && status < 300) return data;
  const body = errorBodySchema.safeParse(data);
  if (!body.success) throw new DomainError(errorCodes.badGateway, 502, `${call.label} answered oddly.`);
  const code = isErrorCode(body.data.code) ? body.data.code : errorCodes.badGateway;
  throw new DomainError(code, status, body.data.message, { fields: body.data.fields });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
