import type { ServerResponse } from 'node:http';
import { errorCodes } from '@noek/contracts';
import { sendError } from '../http/json-response';
import { failureAnswer } from './failures';
import type { ProxyContext, ProxyRequest } from './proxy-context';
import type { Upstream } from './upstreams';

export function tooLarge(res: ServerResponse, limit: number, requestId: string): void {
  // The rest of the body is not read: close the connection rather than parse it as a request.
  sendError(
    res,
    413,
    errorCodes.payloadTooLarge,
    `The request body is too large (limit ${limit} bytes).`,
    requestId,
    { Connection: 'close' },
  );
}

/**
 * Step 1 of a proxied request: refuses, before any upstream work, what the upstream must not get: more than
 * its in-flight cap (503, Retry-After) or a declared body over the limit (413). True when admitted.
 */
export function admit(ctx: ProxyContext, up: Upstream, p: ProxyRequest): boolean {
  const { res, requestId } = p;
  if (up.inFlight >= up.maxInFlight) {
    ctx.onFailure(up.name, 'overloaded');
    ctx.prepare(res, requestId);
    const a = failureAnswer('overloaded', up.name);
    sendError(res, a.status, a.code, a.message, requestId, a.headers);
    return false;
  }
  const declared = p.req.headers['content-length'];
  if (declared !== undefined && Number(declared) > ctx.maxBodyBytes) {
    ctx.onFailure(up.name, 'too-large');
    ctx.prepare(res, requestId);
    tooLarge(res, ctx.maxBodyBytes, requestId);
    return false;
  }
  return true;
}
