import type { IncomingHttpHeaders } from 'node:http';

/** What the gateway's checks read of a request: the part of node:http's IncomingMessage they need. */
export interface RequestHead {
  readonly method?: string;
  readonly url?: string;
  /** Lower-cased names. */
  readonly headers: IncomingHttpHeaders;
  /** [name, value, ...] as the client sent them. */
  readonly rawHeaders: readonly string[];
  readonly socket: { readonly remoteAddress?: string | undefined };
}
