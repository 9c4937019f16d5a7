import { isHopByHopResponseHeader } from './forward-headers';
import type { ProxyContext } from './proxy-context';

export interface RelayedHead {
  /** Flat [name, value, ...] list: no per-header bookkeeping on the hot path. */
  headers: string[];
  /** The upstream answered an event stream (text/event-stream). */
  stream: boolean;
}

/**
 * The upstream's response headers the client gets: minus hop-by-hop ones and the ones the gateway owns
 * (its security headers and X-Request-Id, which the Downstream puts first), and minus Content-Length when
 * `dropLength` (a chunked answer that also declared one). An event stream also gets headers that keep
 * anything in front from buffering or transforming it.
 */
export function relayedHead(
  ctx: ProxyContext,
  raw: readonly string[],
  lowerNames: readonly string[],
  dropLength = false,
): RelayedHead {
  const out: string[] = [];
  let stream = false;
  let cacheControl = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = lowerNames[i / 2]!;
    if (isHopByHopResponseHeader(lower) || ctx.ownedResponseHeaders.has(lower)) continue;
    if (dropLength && lower === 'content-length') continue;
    const value = raw[i + 1]!;
    if (lower === 'content-type') stream = value.startsWith('text/event-stream');
    else if (lower === 'cache-control') cacheControl = true;
    out.push(name, value);
  }
  if (stream) {
    out.push('X-Accel-Buffering', 'no');
    if (!cacheControl) out.push('Cache-Control', 'no-cache, no-transform');
  }
  return { headers: out, stream };
}
