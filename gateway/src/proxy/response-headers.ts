import type { IncomingHttpHeaders } from 'node:http';
import { hasControlByte } from '../http/control-bytes';
import { isHopByHopResponseHeader } from './forward-headers';
import type { ProxyContext } from './proxy-context';

export interface RelayedHead {
  /** Flat [name, value, ...] list, for writeHead. */
  headers: string[];
  /** The upstream answered an event stream (text/event-stream). */
  stream: boolean;
}

/**
 * The upstream's response headers the client gets (undici's parsed head: lower-cased names, repeated ones
 * as arrays): minus hop-by-hop ones and the ones the gateway owns (its security headers and X-Request-Id,
 * which go first). An event stream also gets headers that keep anything in front from buffering or
 * transforming it. Undefined when the status text or a header holds a control byte: a bad gateway answer.
 */
export function relayedHead(
  ctx: ProxyContext,
  headers: IncomingHttpHeaders,
  statusText: string,
): RelayedHead | undefined {
  if (hasControlByte(statusText)) return undefined;
  const out: string[] = [];
  let stream = false;
  let cacheControl = false;
  for (const name in headers) {
    const value = headers[name]!;
    if (isHopByHopResponseHeader(name) || ctx.ownedResponseHeaders.has(name)) continue;
    for (const v of typeof value === 'string' ? [value] : value) {
      if (hasControlByte(v) || hasControlByte(name)) return undefined;
      out.push(name, v);
    }
    if (name === 'content-type') stream = String(value).startsWith('text/event-stream');
    else if (name === 'cache-control') cacheControl = true;
  }
  if (stream) {
    out.push('X-Accel-Buffering', 'no');
    if (!cacheControl) out.push('Cache-Control', 'no-cache, no-transform');
  }
  return { headers: out, stream };
}
