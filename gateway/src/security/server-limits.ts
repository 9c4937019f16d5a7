import type { ServerOptions } from 'node:http';
import { isIP, type Server, type Socket } from 'node:net';
import type { Logger } from '@noek/service-kit';

/** The whole request, head and body, must arrive within this (node:http's requestTimeout). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** How often open connections are checked against those limits (node:http's and the wire path's). */
export function connectionsCheckingMs(headersTimeoutMs: number): number {
  return Math.min(1_000, Math.floor(headersTimeoutMs / 4));
}

/**
 * Options for node:http's createServer that bound how long a client may take (issue 14 §8): the
 * headers within `headersTimeoutMs` (a client dribbling one header line every few seconds is cut
 * off), the whole request within a minute. Node checks these every `connectionsCheckingInterval`,
 * so it is kept well under the headers timeout. Idle keep-alive connections are governed by
 * keepAliveTimeout, not by these.
 */
export function serverLimitOptions(limits: {
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
}): ServerOptions {
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: connectionsCheckingMs(limits.headersTimeoutMs),
  };
}

function addressOf(socket: Socket): string {
  const ip = socket.remoteAddress ?? '';
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * At most `max` open connections per client socket address (0: no cap): one address cannot hold
 * every socket of the process. A connection over the cap is closed at once, before any byte is read.
 */
export function capConnectionsPerAddress(server: Server, max: number, logger?: Logger): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  let lastWarning = 0;
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        logger?.warn({ address, max }, 'connection cap per address reached: connections refused');
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
