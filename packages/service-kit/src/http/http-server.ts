import { createServer, type Server, type ServerResponse } from 'node:http';
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
  /**
   * On close, how long /readyz reports 503 while still serving, so load balancers stop routing here
   * before connections are refused (Kubernetes: a few seconds). Default 0.
   */
  unreadyDelayMs?: number;
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

export async function startHttpServer(
  app: Express,
  options: StartHttpServerOptions,
): Promise<RunningHttpServer> {
  const { port, host = '127.0.0.1', logger, keepAliveTimeoutMs = 65_000, unreadyDelayMs = 0 } = options;
  // The app is attached after the tracking listener below, so tracking sees each request first.
  const server = createServer();
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Must be above keepAliveTimeout, or Node may cut a reused connection mid-request.
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
  server.requestTimeout = 0; // streams (SSE) may last long; the gateway bounds idle time

  // Responses in progress: told to close their connection when shutdown starts, counted to know when we're done.
  const inFlight = new Set<ServerResponse>();
  /** Set once the server itself closes (after draining and the unready delay). */
  let closingSockets = false;
  server.on('request', (_req, res) => {
    inFlight.add(res);
    // While draining, tell keep-alive clients not to reuse this connection.
    if (appState(app).draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      // A response whose headers went out before the close leaves an idle keep-alive socket behind. Only
      // once closing, not while draining: closing an idle socket a proxy is writing a request to right
      // now resets it (the request is lost), and a draining server still serves.
      if (closingSockets) setImmediate(() => server.closeIdleConnections());
    });
  });
  server.on('request', app);

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
      if (unreadyDelayMs > 0) await new Promise((r) => setTimeout(r, Math.min(unreadyDelayMs, graceMs)));
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      closingSockets = true;
      // Resolves once every connection has ended on its own: responses finish, sockets close cleanly.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<'expired'>((r) => (timer = setTimeout(() => r('expired'), graceMs)));
      const outcome = await Promise.race([closed.then(() => 'closed' as const), expired]);
      clearTimeout(timer);
      if (outcome === 'expired') {
        logger.warn(
          { inFlight: inFlight.size, streams: appState(app).streams.size },
          'grace period over, closing connections',
        );
        server.closeAllConnections();
        await closed;
      }
      logger.info('http server closed');
    })();
    return closing;
  };

  return {
    server,
    port: actualPort,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    close,
  };
}
