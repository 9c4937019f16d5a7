import { NOT_ACCEPTED_HEADER } from '@noek/contracts';
import type { BodyFraming } from './body-reader';
import { lineEnd, listsClose, parseLength, splitHeaderLines } from './head-syntax';

/** An upstream's response head, parsed (wire/upstream-connection.ts reads it off the socket). */
export interface ResponseHead {
  status: number;
  reason: string;
  /** [name, value, ...] as the upstream sent them. */
  rawHeaders: string[];
  /** The names again, lower-cased (one per header, in order): made once, read by the relay too. */
  names: string[];
  /** How the body is framed; 'none' when no body follows (HEAD, 1xx, 204, 304). */
  body: BodyFraming | 'none';
  /** Declared length when body is 'length'. */
  length: number;
  /** The connection is not reused after this response (Connection: close, HTTP/1.0, a close-delimited body). */
  closing: boolean;
  /** The upstream said `Connection: close`: a service says so on every answer while it drains for shutdown. */
  saidClose: boolean;
  /** The upstream's `Keep-Alive: timeout=N`, in ms (0 when not given): how long an idle connection lives. */
  keepAliveMs: number;
  /** The request was refused untouched by a draining replica (NOT_ACCEPTED_HEADER: 1). */
  notAccepted: boolean;
  /** Both Transfer-Encoding and Content-Length came: the length must not be relayed. */
  dropLength: boolean;
}

/** The digit at `i`, or NaN. */
function digit(text: string, i: number): number {
  const c = text.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : Number.NaN;
}

const KEEP_ALIVE_TIMEOUT = /(?:^|[,\s])timeout=(\d{1,6})/i;

/**
 * Parses a response head (status line and header lines, latin1, without the final blank line) of the
 * answer to a `method` request. Returns a string saying what is wrong when it cannot be relayed safely.
 * Lines must end in CRLF and hold no other CR or LF (what would split the answer on its way to the
 * client); other control characters are not looked for: the upstreams are our services, whose node:http
 * refuses to send them.
 */
export function parseResponseHead(text: string, method: string): ResponseHead | string {
  const first = lineEnd(text, 0);
  // HTTP/1.x SP 3DIGIT [SP reason]
  if (first < 12 || !text.startsWith('HTTP/1.') || text.charCodeAt(8) !== 32) return 'bad status line';
  const minor = text.charCodeAt(7) - 48;
  const status = digit(text, 9) * 100 + digit(text, 10) * 10 + digit(text, 11);
  if ((minor !== 0 && minor !== 1) || !(status >= 100 && status <= 999)) return 'bad status line';
  if (first > 12 && text.charCodeAt(12) !== 32) return 'bad status line';
  const reason = first > 13 ? text.slice(13, first) : '';
  const rawHeaders = splitHeaderLines(text, first + 2);
  if (!rawHeaders) return 'malformed response header';
  const head: ResponseHead = {
    status,
    reason,
    rawHeaders,
    names: new Array<string>(rawHeaders.length / 2),
    body: 'close',
    length: 0,
    closing: minor === 0,
    saidClose: false,
    keepAliveMs: 0,
    notAccepted: false,
    dropLength: false,
  };
  let te: string | undefined;
  let length = -2;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    head.names[i / 2] = name;
    switch (name) {
      case 'connection':
        if (listsClose(value)) head.closing = head.saidClose = true;
        else if (minor === 0 && value.toLowerCase() === 'keep-alive') head.closing = false;
        break;
      case 'keep-alive': {
        const m = KEEP_ALIVE_TIMEOUT.exec(value);
        if (m) head.keepAliveMs = Number(m[1]) * 1000;
        break;
      }
      case 'content-length': {
        const n = parseLength(value);
        if (n < 0 || (length >= 0 && n !== length)) return 'bad Content-Length';
        length = n;
        break;
      }
      case 'transfer-encoding':
        te = te === undefined ? value : `${te}, ${value}`;
        break;
      case NOT_ACCEPTED_HEADER:
        head.notAccepted = value === '1';
        break;
    }
  }
  if (method === 'HEAD' || status < 200 || status === 204 || status === 304) head.body = 'none';
  else if (te !== undefined) {
    // Chunked only when it is the last coding; otherwise the body runs until the connection closes.
    head.body = /(?:^|,)\s*chunked\s*$/i.test(te) ? 'chunked' : 'close';
    head.dropLength = length >= 0;
  } else if (length >= 0) {
    head.body = 'length';
    head.length = length;
  }
  if (head.body === 'close') head.closing = true;
  return head;
}
