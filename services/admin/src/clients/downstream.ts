import { errorBodySchema, errorCodes, isErrorCode } from '@noek/contracts';
import { DomainError, ServiceUnavailableError } from '@noek/service-kit';

export type DownstreamCall = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** Named in the plain-language error ('The user service', 'The chat service'). */
  label: string;
};

/**
 * One call to auth or chat. A 4xx of theirs is passed on as the same domain error (its code, message and
 * fields), so a bad email or a self-action reads the same from the admin API; a network failure, timeout
 * or 5xx becomes 503 SERVICE_UNAVAILABLE.
 */
export async function callDownstream(call: DownstreamCall): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: call.method,
      headers: {
        ...call.headers,
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch {
    throw new ServiceUnavailableError(`${call.label} is not reachable right now. Nothing was changed.`);
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (res.ok) return data;
  if (res.status >= 500 || res.status === 401) {
    // 401 from a service means our service token was refused: a deployment problem, not the caller's.
    throw new ServiceUnavailableError(`${call.label} could not do this right now. Nothing was changed.`);
  }
  const body = errorBodySchema.safeParse(data);
  if (!body.success) throw new DomainError(errorCodes.badGateway, 502, `${call.label} answered oddly.`);
  const code = isErrorCode(body.data.code) ? body.data.code : errorCodes.badGateway;
  throw new DomainError(code, res.status, body.data.message, { fields: body.data.fields });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
