import type { Server as HttpServer, ServerOptions } from 'node:http';
import { isIP, type Server, type Socket } from 'node:net';
import type { Logger } from '@noek/service-kit';
import { MAX_HEADER_BYTES, MAX_REQUEST_HEADERS } from './request-framing';

/**
 * The whole request, head and body, must arrive within this (node:http's requestTimeout). It bounds the
 * request only: an answer, an event stream above all, lasts as long as the upstream sends it.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/** How often node:http checks open connections against its header and request timeouts. */
export function connectionsCheckingMs(headersTimeoutMs: number): number {
  return Math.min(1_000, Math.floor(headersTimeoutMs / 4));
}

/**
 * node:http's createServer options: its strict parser (llhttp without the lenient flags: no obs-fold, bare
 * LF, CL+TE, bad chunk sizes), a head no larger than a service takes with the
 * gateway's own headers added, the headers within `headersTimeoutMs` (a client dribbling one header line
 * every few seconds, or sending nothing at all, is cut off), the whole request within `requestTimeoutMs`.
 * Idle keep-alive connections are governed by keepAliveTimeout.
 */
export function serverLimitOptions(limits: {
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  requestTimeoutMs: number;
}): ServerOptions {
  return {
    insecureHTTPParser: false,
    // Checked in security/request-framing.ts instead: node:http's own 400 would let a request pipelined
    // behind it through.
    requireHostHeader: false,
    joinDuplicateHeaders: false,
    maxHeaderSize: MAX_HEADER_BYTES,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: connectionsCheckingMs(limits.headersTimeoutMs),
  };
}

/**
 * What createServer's options do not set: node:http keeps one header more than the gateway accepts, so a
 * request over the limit is seen whole enough to be refused (security/request-framing.ts), never silently
 * cut short; keepAliveTimeout again (node:http reads it from the server object).
 */
export function limitServer(server: HttpServer, limits: { keepAliveTimeoutMs: number }): void {
  server.maxHeadersCount = MAX_REQUEST_HEADERS + 1;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
}

/** A head that did not arrive in time: node:http's own answer (and nginx's), which clients retry on. */
const REQUEST_TIMEOUT_ANSWER =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
const BAD_REQUEST_ANSWER = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * What the gateway writes before it closes a connection node:http gave up on (its 'clientError'), or
 * null for nothing. A head that did not arrive within `headersTimeout`: 408. A connection that never sent
 * a byte: nothing. node:http counts a new connection's time from its opening, so one a browser opened
 * ahead of need and left unused past the timeout lands here too; an answer written on it is read by the
 * browser as the answer to the request it later sends there (a bare 400 once failed a browser journey:
 * a page's GET answered 400), where a closed idle connection is one it never uses. Anything else node:http
 * could not parse: 400.
 */
export function clientErrorAnswer(err: { code?: string }, bytesRead: number): string | null {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return bytesRead === 0 ? null : REQUEST_TIMEOUT_ANSWER;
  return BAD_REQUEST_ANSWER;
}

function addressOf(socket: Socket): string {
  const ip = socket.remoteAddress ?? '';
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** Requests in flight per connection: one with none is idle (kept alive, or silent) and may give way. */
const carrying = new WeakMap<Socket, number>();

function trackRequests(server: Server): void {
  server.on('request', (req: { socket: Socket }, res: { once(e: 'close', f: () => void): void }) => {
    const { socket } = req;
    carrying.set(socket, (carrying.get(socket) ?? 0) + 1);
    res.once('close', () => carrying.set(socket, (carrying.get(socket) ?? 1) - 1));
  });
}

/**
 * At most `max` open connections per client socket address (0: no cap): one address cannot hold every
 * socket of the process. A new connection over the cap takes the place of that address's oldest idle one
 * (kept alive with no request, or silent), so a host can never lock itself out with connections it does
 * not use; only when every one carries a request is the new connection closed, before any byte is read.
 */
export function capConnectionsPerAddress(server: Server, max: number, logger?: Logger): void {
  if (max <= 0) return;
  const open = new Map<string, Set<Socket>>();
  let lastWarning = 0;
  trackRequests(server);
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    let mine = open.get(address);
    if (!mine) open.set(address, (mine = new Set()));
    if (mine.size >= max) {
      const idle = [...mine].find((s) => !carrying.get(s));
      if (idle) {
        mine.delete(idle);
        idle.destroy();
      } else {
        socket.destroy();
        if (Date.now() - lastWarning > 60_000) {
          lastWarning = Date.now();
          logger?.warn({ address, max }, 'connection cap per address reached: connections refused');
        }
        return;
      }
    }
    mine.add(socket);
    socket.once('close', () => {
      mine.delete(socket);
      if (mine.size === 0 && open.get(address) === mine) open.delete(address);
    });
  });
}
