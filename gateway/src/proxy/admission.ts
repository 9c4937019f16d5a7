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

/** A request's body limit: a file upload route's own (contracts fileUploadPaths), else MAX_BODY_BYTES. */
export interface BodyRule {
  maxBytes: number;
  upload: boolean;
}

/** The body rule of a request, by its exact path (any other spelling gets the ordinary limit). */
export function bodyRuleOf(ctx: ProxyContext, url: string): BodyRule {
  const q = url.indexOf('?');
  const upload = ctx.uploads.paths.has(q < 0 ? url : url.slice(0, q));
  return upload ? { maxBytes: ctx.uploads.maxBytes, upload } : { maxBytes: ctx.maxBodyBytes, upload };
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

export function tooLarge(refuse: Refuse, rule: BodyRule): void {
  const message = rule.upload
    ? `The file is too large: files up to ${megabytes(rule.maxBytes)} can be imported.`
    : `The request body is too large (limit ${rule.maxBytes} bytes).`;
  // The rest of the body is not read: close the connection rather than parse it as a request.
  refuse(413, errorCodes.payloadTooLarge, message, { Connection: 'close' });
}

/**
 * Step 1 of a proxied request: refuses, before any upstream work, what the upstream must not get: more than
 * its in-flight cap (503, Retry-After) or a declared body over the limit (413). True when admitted.
 */
export function admit(
  ctx: ProxyContext,
  up: Upstream,
  req: IncomingMessage,
  refuse: Refuse,
  rule: BodyRule,
): boolean {
  if (up.inFlight >= up.maxInFlight) {
    ctx.onFailure(up.name, 'overloaded');
    const a = failureAnswer('overloaded', up.name);
    refuse(a.status, a.code, a.message, a.headers);
    return false;
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > rule.maxBytes) {
    ctx.onFailure(up.name, 'too-large');
    tooLarge(refuse, rule);
    return false;
  }
  return true;
}
