import { errorCodes } from '@noek/contracts';
import type { Downstream } from './downstream';
import { failureAnswer } from './failures';
import type { ProxyContext } from './proxy-context';
import type { Upstream } from './upstreams';

export function tooLarge(down: Downstream, limit: number): void {
  // The rest of the body is not read: close the connection rather than parse it as a request.
  down.refuse(413, errorCodes.payloadTooLarge, `The request body is too large (limit ${limit} bytes).`, {
    Connection: 'close',
  });
}

/**
 * Step 1 of a proxied request: refuses, before any upstream work, what the upstream must not get: more than
 * its in-flight cap (503, Retry-After) or a declared body over the limit (413). True when admitted.
 */
export function admit(ctx: ProxyContext, up: Upstream, down: Downstream): boolean {
  if (up.inFlight >= up.maxInFlight) {
    ctx.onFailure(up.name, 'overloaded');
    const a = failureAnswer('overloaded', up.name);
    down.refuse(a.status, a.code, a.message, a.headers);
    return false;
  }
  const declared = down.head.headers['content-length'];
  if (declared !== undefined && Number(declared) > ctx.maxBodyBytes) {
    ctx.onFailure(up.name, 'too-large');
    tooLarge(down, ctx.maxBodyBytes);
    return false;
  }
  return true;
}
