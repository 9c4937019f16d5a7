import type { RequestListener, Server } from 'node:http';
import type { Socket } from 'node:net';
import { WireConnection, type WireContext } from './wire-connection';

export interface WireServer {
  /** The 'connection' listener that gives each new client connection to the wire path first. */
  accept(socket: Socket): void;
  /** Stopping: idle connections close now, busy ones after their current answer. */
  drain(): void;
  /** Closes every connection the wire path still holds. */
  closeAll(): void;
  readonly size: number;
}

/**
 * Puts the wire path in front of a node:http server: node:http's own 'connection' listener is taken off
 * the server (kept, for the connections handed to it) and `accept` is what the caller installs instead.
 * The server keeps listening, tracking what it serves, closing and timing out as before; the wire path
 * keeps its own connections, with one sweeper for their timeouts (node:http does the same with its
 * connectionsCheckingInterval) instead of a timer per request.
 */
export function createWireServer(
  server: Server,
  options: Omit<WireContext, 'handOff' | 'forget' | 'handleWithNode'> & { sweepEveryMs: number },
): WireServer {
  const nodeListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const [handleWithNode] = server.listeners('request') as RequestListener[];
  if (!handleWithNode) throw new Error('the node:http server has no request handler');
  const connections = new Set<WireConnection>();
  const ctx: WireContext = {
    ...options,
    handleWithNode,
    handOff: (socket) => {
      for (const listener of nodeListeners) listener.call(server, socket);
    },
    forget: (conn) => connections.delete(conn),
  };
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => {
    for (const conn of connections) conn.sweep(options.sweepEveryMs);
  };
  return {
    accept(socket) {
      // Refused already (the connection cap per address, security/server-limits.ts).
      if (socket.destroyed) return;
      connections.add(new WireConnection(socket, ctx));
      if (!sweeper) {
        sweeper = setInterval(sweep, options.sweepEveryMs);
        sweeper.unref();
      }
    },
    drain() {
      for (const conn of connections) conn.closeIfIdle();
    },
    closeAll() {
      clearInterval(sweeper);
      for (const conn of connections) conn.socket.destroy();
      connections.clear();
    },
    get size() {
      return connections.size;
    },
  };
}
