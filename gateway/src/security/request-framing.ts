import type { IncomingMessage } from 'node:http';
import { hasControlByte } from '../http/control-bytes';

/**
 * Headers per request at most: past it the gateway's own X-Forwarded-For, X-Request-Id and identity
 * headers could be pushed beyond what a service reads (node:http keeps 2,000 and drops the rest). node:http
 * is told to keep one more than this, so a request over it is seen and refused, never truncated.
 */
export const MAX_REQUEST_HEADERS = 100;
/** A request head at most (node:http's maxHeaderSize): well under a service's 16 KiB, with room for ours. */
export const MAX_HEADER_BYTES = 12 * 1024;

/** A host name or address with an optional port; no userinfo, path, spaces or anything else. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9._~!$&'()*+,;=-]+)(:\d{1,5})?$/i;

/** Names a Connection header must not list: a proxy that honoured it would drop the body's framing. */
const PROTECTED = new Set(['content-length', 'transfer-encoding', 'host']);
const namesFraming = (value: string) => value.split(',').some((n) => PROTECTED.has(n.trim().toLowerCase()));

export interface FramingRefusal {
  status: 400 | 431;
  message: string;
}

const bad = (message: string): FramingRefusal => ({ status: 400, message });

/**
 * What node:http's strict parser accepts but nginx (and the gateway) refuses, checked on the head node:http
 * parsed (its rawHeaders: no HTTP is parsed here), before anything is forwarded: an HTTP version other than
 * 1.0 or 1.1, Transfer-Encoding other than exactly one `chunked` (and never with Content-Length or on
 * HTTP/1.0), several Content-Length or Host headers, no Host on HTTP/1.1, a Host with userinfo, a path or odd bytes, control
 * bytes anywhere, a Connection header that names framing or Host (it would ask the proxy to drop them), or
 * more headers than a service reads. Undefined when the request may go on.
 */
export function framingRefusal(req: IncomingMessage): FramingRefusal | undefined {
  if (req.httpVersion !== '1.1' && req.httpVersion !== '1.0')
    return bad('The HTTP version is not supported.');
  const raw = req.rawHeaders;
  if (raw.length / 2 > MAX_REQUEST_HEADERS)
    return { status: 431, message: 'The request has too many header fields.' };
  if (hasControlByte(req.url ?? '')) return bad('The request target is not valid.');
  let te = 0;
  let cl = 0;
  let host = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    if (hasControlByte(value)) return bad('A request header holds a control character.');
    switch (name.length) {
      case 4:
        if (name.toLowerCase() === 'host') {
          host += 1;
          if (!HOST.test(value)) return bad('The Host header is not valid.');
        }
        break;
      case 10:
        if (name.toLowerCase() === 'connection' && namesFraming(value))
          return bad('The Connection header may not name framing or Host.');
        break;
      case 14:
        if (name.toLowerCase() === 'content-length') cl += 1;
        break;
      case 17:
        if (name.toLowerCase() === 'transfer-encoding') {
          te += 1;
          if (value.toLowerCase() !== 'chunked') return bad('Only Transfer-Encoding: chunked is accepted.');
        }
        break;
    }
  }
  if (te > 1 || cl > 1 || host > 1) return bad('The request repeats a framing or Host header.');
  if (host === 0 && req.httpVersion === '1.1') return bad('The Host header is missing.');
  if (te === 1 && (cl > 0 || req.httpVersion === '1.0')) return bad('The request framing is ambiguous.');
  return undefined;
}
