import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { appState, markDraining } from './app-state';

export interface StartHttpServerOptions {
  port: number;
  host?: string;
  logger: Logger;
  /** Must exceed the idle timeout of any proxy in front (AWS ALB 60 s, nginx 75 s upstream is typical). */
  keepAliveTimeoutMs?: number;
}

export interface RunningHttpServer {
  server: Server;
  /** The port actually bound (useful with port 0). */
  port: number;
  url: string;
  /**
   * Graceful stop: readiness fails, no new connections, tracked streams are told to end, in-flight
   * requests get up to graceMs to finish, then remaining sockets are destroyed. Safe to call twice.
   */
  close(graceMs?: number): Promise<void>;
}

export async function startHttpServer(app: Express, options: StartHttpServerOptions): Promise<RunningHttpServer> {
  const { port, host = '127.0.0.1', logger, keepAliveTimeoutMs = 65_000 } = options;
  const server = createServer(app);
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Must be above keepAliveTimeout, or Node may cut a reused connection mid-request.
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
  server.requestTimeout = 0; // streams (SSE) may last long; the gateway bounds idle time

  let inFlight = 0;
  let idle: (() => void) | undefined;
  server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  logger.info({ host, port: actualPort }, 'http server listening');

  let closing: Promise<void> | undefined;
  const close = (graceMs = 10_000): Promise<void> => {
    closing ??= (async () => {
      markDraining(app);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would hold close() open; busy ones are closed as their responses end.
      server.closeIdleConnections();
      const drained = inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => (idle = r));
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<'expired'>((r) => (timer = setTimeout(() => r('expired'), graceMs)));
      const outcome = await Promise.race([drained.then(() => 'drained' as const), expired]);
      clearTimeout(timer);
      if (outcome === 'expired') {
        logger.warn({ inFlight, streams: appState(app).streams.size }, 'grace period over, closing connections');
      }
      server.closeAllConnections();
      await closed;
      logger.info('http server closed');
    })();
    return closing;
  };

  return { server, port: actualPort, url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`, close };
}
