import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHead } from '../http/request-head';
import { hasControlChar, isToken, lineEnd, listsClose, parseLength, splitHeaderLines } from './head-syntax';

/** The methods the wire path serves; any other goes to node:http (which answers it as before). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the request's body is, from its head: none, a declared length, or chunked. */
export const CHUNKED = -1;

/** A request head the wire path parsed; the shape the checks read (RequestHead) plus its framing. */
export interface WireRequestHead extends RequestHead {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly rawHeaders: string[];
  /** Bytes of body that follow the head, or CHUNKED. */
  readonly bodyLength: number;
  /** `Expect: 100-continue`: the client waits for a 100 before it sends the body. */
  readonly expectContinue: boolean;
  /** The client asked to close the connection after this exchange. */
  readonly wantsClose: boolean;
}

/**
 * Parses one request head (request line and header lines, latin1, without the blank line that ends it).
 * Undefined for anything the wire path leaves to node:http, which then answers exactly as it did before
 * the wire path existed: another HTTP version or method, a target that is not origin-form, obs-fold,
 * control characters or a CR/LF inside a line, a repeated header, both or odd framing headers, `Upgrade`, an `Expect` other than
 * 100-continue, no `Host`. Strict on what it takes, so it never frames a body differently from a service.
 */
export function parseRequestHead(text: string, socket: RequestHead['socket']): WireRequestHead | undefined {
  if (hasControlChar(text)) return undefined;
  const first = lineEnd(text, 0);
  const sp1 = text.indexOf(' ');
  const sp2 = text.indexOf(' ', sp1 + 1);
  if (first === -1 || sp1 === -1 || sp2 === -1 || sp2 > first || !isToken(text, 0, sp1)) return undefined;
  if (first - sp2 !== 9 || !text.startsWith(' HTTP/1.1', sp2)) return undefined;
  const method = text.slice(0, sp1);
  const url = text.slice(sp1 + 1, sp2);
  if (!METHODS.has(method) || !isOriginForm(url)) return undefined;
  const rawHeaders = splitHeaderLines(text, first + 2);
  if (!rawHeaders) return undefined;
  const headers = headerObject(rawHeaders);
  if (!headers || headers.host === undefined || headers.upgrade !== undefined) return undefined;
  const bodyLength = framingOf(headers);
  if (bodyLength === undefined) return undefined;
  const expect = headers.expect;
  if (expect !== undefined && expect.toLowerCase() !== '100-continue') return undefined;
  const connection = headers.connection;
  return {
    method,
    url,
    headers,
    rawHeaders,
    socket,
    bodyLength,
    expectContinue: expect !== undefined,
    wantsClose: connection !== undefined && listsClose(connection),
  };
}

/** `/` then visible ASCII only: no absolute-form, no authority-form, no `*`. */
function isOriginForm(url: string): boolean {
  if (url.charCodeAt(0) !== 47) return false;
  for (let i = 1; i < url.length; i += 1) {
    const c = url.charCodeAt(i);
    if (c < 33 || c > 126) return false;
  }
  return true;
}

/**
 * Lower-cased names to values (a plain object, as node:http makes: V8 keeps it fast when the same names
 * come in the same order, request after request). Undefined when a name repeats (node:http has rules per
 * header for that, and browsers do not send it), or when it is `__proto__` or shadows an Object method.
 */
function headerObject(raw: string[]): IncomingHttpHeaders | undefined {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (headers[lower] !== undefined || lower === '__proto__') return undefined;
    headers[lower] = raw[i + 1]!;
  }
  return headers as IncomingHttpHeaders;
}

/** The body's length, CHUNKED, or undefined for framing the wire path does not take. */
function framingOf(headers: IncomingHttpHeaders): number | undefined {
  const te = headers['transfer-encoding'];
  const cl = headers['content-length'];
  if (te !== undefined) return cl === undefined && te.toLowerCase() === 'chunked' ? CHUNKED : undefined;
  if (cl === undefined) return 0;
  const n = parseLength(cl);
  return n < 0 ? undefined : n;
}
