/**
 * HTTP/1.1 head syntax shared by the request parser (client side) and the response parser (upstream side):
 * strict on purpose. Anything a lenient parser might read differently from the next hop is refused, so
 * the gateway and a service behind it can never disagree on where a message starts and ends.
 */

/** tchar (RFC 9110 §5.6.2): the characters of a method or a header name. */
const TCHAR = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  TCHAR[c.charCodeAt(0)] = 1;

function isTokenChar(c: number): boolean {
  return c < 128 && TCHAR[c] === 1;
}

export function isToken(s: string, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i += 1) if (!isTokenChar(s.charCodeAt(i))) return false;
  return true;
}

/**
 * A control character other than HTAB, CR and LF (NUL, DEL, ...): not allowed anywhere in a head. CR and
 * LF are checked where lines are split (splitHeaderLines): only as a CRLF pair ending a line. A plain
 * character class: a regular expression with look-arounds costs several times more per character.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHAR = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

export function hasControlChar(head: string): boolean {
  return CONTROL_CHAR.test(head);
}

/**
 * Where the line starting at `pos` ends (the index of its CR), or -1 when the line holds a CR or LF that
 * is not its CRLF end (a bare CR or LF is how one message is smuggled inside another). The head's last
 * line has no CRLF (the blank line after it is not part of the text): it ends at text.length.
 */
export function lineEnd(text: string, pos: number): number {
  const lf = text.indexOf('\n', pos);
  const end = lf === -1 ? text.length : lf - 1;
  if (lf !== -1 && (lf === pos || text.charCodeAt(end) !== 13)) return -1;
  const cr = text.indexOf('\r', pos);
  return cr === -1 || cr === end ? end : -1;
}

/**
 * The header lines of a head (`text` from `from`, lines separated by CRLF, no final blank line) as a flat
 * [name, value, ...] list, values without surrounding SP/HTAB. Undefined on obs-fold, a line without a
 * colon, a name that is not a token, or a CR/LF that is not a line's end.
 */
export function splitHeaderLines(text: string, from: number): string[] | undefined {
  const raw: string[] = [];
  let pos = from;
  const end = text.length;
  while (pos < end) {
    // The name runs to the first character that is not a token character, which must be the colon.
    let colon = pos;
    while (colon < end && isTokenChar(text.charCodeAt(colon))) colon += 1;
    if (colon === pos || text.charCodeAt(colon) !== 58 /* : */) return undefined;
    const next = lineEnd(text, colon);
    if (next === -1) return undefined;
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

/** node:http's default limit on a head (maxHeaderSize). */
export const MAX_HEAD_BYTES = 16 * 1024;

/** A head found in a buffer: its text (latin1, without the blank line that ends it) and what follows. */
export interface FoundHead {
  text: string;
  /** The index in the buffer just past the blank line: where the body (or the next message) starts. */
  next: number;
}

/** readHead's answer when no blank line came within MAX_HEAD_BYTES. */
export const HEAD_TOO_LARGE = 'too-large';

/**
 * The head that starts at buf[from], or undefined while its end has not arrived. Looks at most
 * MAX_HEAD_BYTES: the bytes are read as latin1 text once and searched there (one conversion instead of a
 * buffer search and then a conversion).
 */
export function readHead(buf: Buffer, from: number): FoundHead | typeof HEAD_TOO_LARGE | undefined {
  const limit = Math.min(buf.length, from + MAX_HEAD_BYTES + 4);
  const text = buf.toString('latin1', from, limit);
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return limit - from >= MAX_HEAD_BYTES + 4 ? HEAD_TOO_LARGE : undefined;
  return { text: text.slice(0, end), next: from + end + 4 };
}
