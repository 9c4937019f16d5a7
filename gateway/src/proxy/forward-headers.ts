import type { RequestHead } from '../http/request-head';

/**
 * RFC 9110 §7.6.1 hop-by-hop headers, plus Expect (node:http answers 100-continue itself) and the body's
 * framing: Content-Length and Transfer-Encoding never pass, the upstream request's length is set from the
 * body the gateway actually read (proxy/exchange.ts).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'expect',
  'http2-settings',
]);

/**
 * Headers that claim an identity or a network path. Only the gateway may set them: whatever a
 * client sent is dropped and the gateway's own values are added.
 */
const IDENTITY = new Set([
  'x-user-id',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'forwarded',
  'x-client-ip',
  'true-client-ip',
  'x-request-id',
]);

/**
 * Extra names a Connection header lists are hop-by-hop too. Framing and Host never get here (a request
 * naming them is refused, security/request-framing.ts), and the gateway's own headers are added after the
 * client's: a listed name can only remove one of the client's end-to-end headers.
 */
function connectionListed(value: string | undefined): Set<string> | undefined {
  if (!value) return undefined;
  // Nearly every client sends just keep-alive (or close): no list to split on the hot path.
  const plain = value.length <= 10 ? value.toLowerCase() : '';
  if (plain === 'keep-alive' || plain === 'close') return undefined;
  const names = value
    .toLowerCase()
    .split(',')
    .map((s) => s.trim());
  const extra = names.filter((n) => n !== 'keep-alive' && n !== 'close');
  return extra.length ? new Set(extra) : undefined;
}

export interface ForwardInfo {
  requestId: string;
  clientIp: string;
  proto: 'http' | 'https';
}

/**
 * The upstream request's headers as a flat [name, value, ...] list (undici's form): the client's end-to-end
 * headers in order, minus hop-by-hop, framing and identity headers, then the gateway's forwarding headers.
 * The Host header is kept, so services see the host the browser asked for.
 */
export function forwardRequestHeaders(req: RequestHead, info: ForwardInfo): string[] {
  const raw = req.rawHeaders;
  const listed = connectionListed(req.headers.connection);
  const out: string[] = [];
  let host = '';
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || IDENTITY.has(lower) || lower.startsWith('x-noek-')) continue;
    if (lower === 'host') host = raw[i + 1]!;
    else if (listed?.has(lower)) continue;
    out.push(name, raw[i + 1]!);
  }
  out.push('x-forwarded-for', info.clientIp, 'x-forwarded-proto', info.proto, 'x-request-id', info.requestId);
  if (host) out.push('x-forwarded-host', host);
  return out;
}

/** Response headers the gateway must not copy from an upstream (it frames its answers itself). */
export function isHopByHopResponseHeader(lower: string): boolean {
  return HOP_BY_HOP.has(lower) && lower !== 'content-length';
}
