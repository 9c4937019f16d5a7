import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the gateway's checks read of a request. node:http's IncomingMessage has this shape, and so does a
 * head the wire path parsed itself (wire/request-head.ts): one set of checks serves both front ends.
 */
export interface RequestHead {
  readonly method?: string;
  readonly url?: string;
  /** Lower-cased names. */
  readonly headers: IncomingHttpHeaders;
  /** [name, value, ...] as the client sent them. */
  readonly rawHeaders: readonly string[];
  readonly socket: { readonly remoteAddress?: string | undefined };
}
