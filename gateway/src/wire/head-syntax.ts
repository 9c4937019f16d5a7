/**
 * HTTP/1.1 head syntax shared by the request parser (client side) and the response parser (upstream side):
 * strict on purpose. Anything a lenient parser might read differently from the next hop is refused, so
 * the gateway and a service behind it can never disagree on where a message starts and ends.
 */

/** tchar (RFC 9110 §5.6.2): the characters of a method or a header name. */
const TCHAR = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  TCHAR[c.charCodeAt(0)] = 1;

export function isToken(s: string, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i += 1) {
    const c = s.charCodeAt(i);
    if (c > 127 || TCHAR[c] === 0) return false;
  }
  return true;
}

/**
 * A control character other than HTAB (a field value's only allowed one), or CR / LF anywhere but as a
 * CRLF pair. Run once over a whole head (decoded as latin1), it rules out bare CR, bare LF, NUL and DEL.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BAD_HEAD_CHAR = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|(?<!\r)\n/;

export function hasBadHeadChar(head: string): boolean {
  return BAD_HEAD_CHAR.test(head);
}

/**
 * The header lines of a head (`text` from `from`, lines separated by CRLF, no final blank line) as a flat
 * [name, value, ...] list, values without surrounding SP/HTAB. Undefined on obs-fold, a line without a
 * colon, or a name that is not a token. The caller ran hasBadHeadChar over the text first.
 */
export function splitHeaderLines(text: string, from: number): string[] | undefined {
  const raw: string[] = [];
  let pos = from;
  const end = text.length;
  while (pos < end) {
    let next = text.indexOf('\r\n', pos);
    if (next === -1) next = end;
    const colon = text.indexOf(':', pos);
    if (colon === -1 || colon > next || !isToken(text, pos, colon)) return undefined;
    let a = colon + 1;
    let b = next;
    while (a < b && isBlank(text.charCodeAt(a))) a += 1;
    while (b > a && isBlank(text.charCodeAt(b - 1))) b -= 1;
    raw.push(text.slice(pos, colon), text.slice(a, b));
    pos = next + 2;
  }
  return raw;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/** True when a Connection header value lists `close`. */
export function listsClose(connection: string): boolean {
  if (connection.length === 5) return connection.toLowerCase() === 'close';
  if (connection.length === 10) return false; // "keep-alive", the common case
  return connection
    .toLowerCase()
    .split(',')
    .some((t) => t.trim() === 'close');
}

/** A Content-Length value: digits only, at most 15 of them (safe as a JS number). */
export function parseLength(value: string): number {
  if (value.length === 0 || value.length > 15) return -1;
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return Number(value);
}

export const CRLF2 = Buffer.from('\r\n\r\n', 'latin1');
/** node:http's default limit on a head (maxHeaderSize). */
export const MAX_HEAD_BYTES = 16 * 1024;
