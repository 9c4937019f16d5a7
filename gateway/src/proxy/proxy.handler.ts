import { admit } from './admission';
import type { Downstream } from './downstream';
import { ProxyExchange } from './exchange';
import type { ProxyContext } from './proxy-context';
import type { Upstream } from './upstreams';

export type { ProxyContext } from './proxy-context';
export type { Downstream } from './downstream';

/**
 * Streams one request to an upstream and its answer back, never buffering either body, whichever front
 * end read the request (node:http or the wire path: both are a Downstream).
 * 1. admit: the upstream's in-flight cap and the declared body size, refused before any upstream work;
 * 2. the exchange (proxy/exchange.ts): send over a pooled keep-alive connection, relay the body up, relay
 *    the answer down (event streams unbuffered, with a heartbeat), and fail or abort cleanly. Failures
 *    before the answer starts become 502/503/504 JSON; after it started the client's connection is cut so
 *    a truncated body is never mistaken for a complete one. A client that goes away aborts the upstream
 *    request.
 */
export function proxyRequest(ctx: ProxyContext, up: Upstream, down: Downstream): void {
  if (!admit(ctx, up, down)) return;
  new ProxyExchange(ctx, up, down).start();
}
