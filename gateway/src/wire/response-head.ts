import { NOT_ACCEPTED_HEADER } from '@noek/contracts';
import type { BodyFraming } from './body-reader';
import { hasBadHeadChar, listsClose, parseLength, splitHeaderLines } from './head-syntax';

/** An upstream's response head, parsed (wire/upstream-connection.ts reads it off the socket). */
export interface ResponseHead {
  status: number;
  reason: string;
  /** [name, value, ...] as the upstream sent them. */
  rawHeaders: string[];
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

const KEEP_ALIVE_TIMEOUT = /(?:^|[,\s])timeout=(\d{1,6})/i;

/**
 * Parses a response head (status line and header lines, latin1, without the final blank line) of the
 * answer to a `method` request. Returns a string saying what is wrong when it cannot be relayed safely.
 */
export function parseResponseHead(text: string, method: string): ResponseHead | string {
  if (hasBadHeadChar(text)) return 'control characters in the response head';
  let lineEnd = text.indexOf('\r\n');
  if (lineEnd === -1) lineEnd = text.length;
  // HTTP/1.x SP 3DIGIT [SP reason]
  if (!text.startsWith('HTTP/1.') || text.charCodeAt(8) !== 32) return 'not an HTTP/1.x status line';
  const minor = text.charCodeAt(7) - 48;
  const status = Number(text.slice(9, 12));
  if ((minor !== 0 && minor !== 1) || !/^[1-9]\d\d$/.test(text.slice(9, 12))) return 'bad status line';
  if (lineEnd > 12 && text.charCodeAt(12) !== 32) return 'bad status line';
  const reason = lineEnd > 13 ? text.slice(13, lineEnd) : '';
  const rawHeaders = splitHeaderLines(text, lineEnd + 2);
  if (!rawHeaders) return 'malformed response header';
  const head: ResponseHead = {
    status,
    reason,
    rawHeaders,
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
    const name = rawHeaders[i]!;
    const value = rawHeaders[i + 1]!;
    switch (name.toLowerCase()) {
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
