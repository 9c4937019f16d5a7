import type { IncomingMessage } from 'node:http';
import { errorCodes } from '@noek/contracts';
import { failureAnswer } from './failures';
import type { ProxyContext } from './proxy-context';
import type { Upstream } from './upstreams';

/** The gateway's own error answer on the client's response (security headers, request id, envelope). */
export type Refuse = (
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
) => void;

export function tooLarge(refuse: Refuse, limit: number): void {
  // The rest of the body is not read: close the connection rather than parse it as a request.
  refuse(413, errorCodes.payloadTooLarge, `The request body is too large (limit ${limit} bytes).`, {
    Connection: 'close',
  });
}

/**
 * Step 1 of a proxied request: refuses, before any upstream work, what the upstream must not get: more than
 * its in-flight cap (503, Retry-After) or a declared body over the limit (413). True when admitted.
 */
export function admit(ctx: ProxyContext, up: Upstream, req: IncomingMessage, refuse: Refuse): boolean {
  if (up.inFlight >= up.maxInFlight) {
    ctx.onFailure(up.name, 'overloaded');
    const a = failureAnswer('overloaded', up.name);
    refuse(a.status, a.code, a.message, a.headers);
    return false;
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > ctx.maxBodyBytes) {
    ctx.onFailure(up.name, 'too-large');
    tooLarge(refuse, ctx.maxBodyBytes);
    return false;
  }
  return true;
}
