import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorCodes, type RemoteName, type ServiceName } from '@noek/contracts';
import { createLogger, type Logger } from '@noek/service-kit';
import type { GatewayConfig } from './config';
import { ownAnswers } from './http/own-answers';
import { isApiPath, splitTarget } from './http/path-check';
import { requestIdOf } from './http/request-id';
import { createGatewayMetrics, type GatewayMetrics } from './ops/metrics';
import type { ProxyContext } from './proxy/proxy.handler';
import { createUpstreams, destroyUpstreams } from './proxy/upstreams';
import { createApiHandler } from './routing/api-handler';
import { createSiteHandler } from './routing/site-handler';
import { createOriginPolicy } from './security/origin-check';
import { createRateLimiter } from './security/rate-limit';
import { createSessionCheck } from './security/session-check';
import { capConnectionsPerAddress, serverLimitOptions } from './security/server-limits';
import { refusedAsNotLocal } from './security/loopback-only';
import { ownedHeaderNames, securityHeaders } from './security/security-headers';
import { remoteOrigins, remotesManifest, shellConfig } from './static/site-documents';
import { createStaticSite } from './static/static-site';
import { resolveVersion } from './version';

export interface GatewayDeps {
  logger?: Logger;
  /** The single-process start script passes the services' ephemeral addresses here. */
  upstreams?: Partial<Record<ServiceName, string>>;
  shellDistDir?: string;
  remoteDistDirs?: Partial<Record<RemoteName, string>>;
}

export interface Gateway {
  server: Server;
  config: GatewayConfig;
  metrics: GatewayMetrics;
  /** What /api/version answers. */
  version: string;
  /** Listens on config.host:config.port (0 = a free port). */
  start(): Promise<{ port: number; url: string }>;
  /** Readiness fails, streams end, in-flight requests get the grace period, then sockets close. */
  stop(): Promise<void>;
  /** The listening URL once started. */
  readonly url: string | undefined;
}

/** The gateway: one node:http server, no framework on the proxy path. */
export function createGateway(config: GatewayConfig, deps: GatewayDeps = {}): Gateway {
  const logger = deps.logger ?? createLogger({ name: 'gateway', level: config.logLevel });
  const shellDistDir = deps.shellDistDir ?? config.shellDistDir;
  const version = resolveVersion({ appVersion: config.appVersion, buildId: config.buildId, shellDistDir });
  const upstreams = createUpstreams({ ...config.upstreams, ...deps.upstreams }, config.upstreamMaxSockets);
  const metrics = createGatewayMetrics();
  const limiter = createRateLimiter(config.rateLimit.perMinute, config.rateLimit.burst);
  const extraOrigins = remoteOrigins(config.remoteUrls);
  const security = securityHeaders({
    https: config.trustHttps,
    remoteOrigins: extraOrigins,
    scriptSrc: config.csp.scriptSrc,
    connectSrc: config.csp.connectSrc,
    frameSrc: config.csp.frameSrc,
  });
  const originPolicy = createOriginPolicy({
    https: config.trustHttps,
    // The two sites' own origins may call each other's API (the cross-site handoff).
    allowedOrigins: [
      ...config.allowedOrigins,
      ...[config.chatSiteUrl, config.marketingSiteUrl]
        .filter((u): u is string => !!u)
        .map((u) => new URL(u).origin),
    ],
    hosts: [...config.chatHosts, ...config.marketingHosts],
    exemptPaths: config.originCheckExemptPaths,
  });
  const answers = ownAnswers(security);
  const streams = new Set<() => void>();
  const proxyContext: ProxyContext = {
    timeoutMs: config.upstreamTimeoutMs,
    connectTimeoutMs: config.upstreamConnectTimeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    sseHeartbeatMs: config.sseHeartbeatMs,
    proto: config.trustHttps ? 'https' : 'http',
    ownedResponseHeaders: ownedHeaderNames(security),
    ownedHeaderList: security.flat(),
    prepare: answers.prepare,
    logger,
    onFailure: (service, kind) => metrics.failure(service, kind),
    streams,
  };

  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;

  const handleApi = createApiHandler({
    answers,
    trustProxyHops: config.trustProxyHops,
    limiter,
    originPolicy,
    upstreams,
    sessionCheck: createSessionCheck(config.authPublicKey, config.originCheckExemptPaths),
    proxyContext,
    version,
  });
  const handleSite = createSiteHandler({
    answers,
    trustProxyHops: config.trustProxyHops,
    metrics,
    openStreams: () => streams.size,
    isDraining: () => draining,
    remotesManifest: remotesManifest(config.remoteUrls),
    shellConfig: shellConfig({
      marketingHosts: config.marketingHosts,
      chatHosts: config.chatHosts,
      version,
      chatSiteUrl: config.chatSiteUrl,
      marketingSiteUrl: config.marketingSiteUrl,
    }),
    staticSite: config.serveStatic
      ? createStaticSite({
          shellDistDir,
          remoteDistDirs: { ...config.remoteDistDirs, ...deps.remoteDistDirs },
          marketing: {
            marketingHosts: config.marketingHosts,
            chatHosts: config.chatHosts,
            chatSiteUrl: config.chatSiteUrl,
            https: config.trustHttps,
          },
        })
      : undefined,
  });

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    inFlight += 1;
    let target = 'gateway';
    res.once('close', () => {
      inFlight -= 1;
      const seconds = (performance.now() - started) / 1000;
      metrics.observe(target, res.statusCode, seconds);
      if (config.accessLog) {
        logger.info(
          {
            requestId,
            method: req.method,
            url: req.url,
            status: res.statusCode,
            ms: Math.round(seconds * 1000),
            target,
          },
          'request',
        );
      }
      if (inFlight === 0) onIdle?.();
    });
    try {
      const split = splitTarget(req.url ?? '');
      if (!split) {
        answers.refuse(res, requestId, 400, 'BAD_REQUEST', 'The request path is not valid.');
        return;
      }
      if (refusedAsNotLocal(req, split.path)) {
        answers.refuse(res, requestId, 404, errorCodes.notFound, 'Not found.');
        return;
      }
      target = isApiPath(split.path)
        ? handleApi(req, res, split.path, requestId)
        : handleSite(req, res, split.path, requestId);
    } catch (err) {
      // A bug must cost one request, never the process (or every other open stream).
      logger.error({ err, requestId, url: req.url }, 'unhandled error in the gateway');
      if (!res.headersSent)
        answers.refuse(
          res,
          requestId,
          500,
          errorCodes.internal,
          'Something went wrong on our side. Please try again.',
        );
      else res.destroy();
    }
  };

  // Header time and connections per address are bounded (security/server-limits.ts).
  const server = createServer(serverLimitOptions(config), handle);
  capConnectionsPerAddress(server, config.maxConnectionsPerAddress, logger);
  // Unparseable requests get a bare 400 and the connection closes.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (socket.writable && !socket.writableEnded)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
    if (err.code !== 'ECONNRESET') logger.debug({ err: err.code ?? err.message }, 'client error');
  });

  let url: string | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;

  return {
    server,
    config,
    metrics,
    version,
    get url() {
      return url;
    },
    async start() {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      sweeper = setInterval(() => limiter.sweep(), 60_000);
      sweeper.unref();
      const port = (server.address() as AddressInfo).port;
      url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
      logger.info(
        {
          url,
          version,
          upstreams: Object.fromEntries(Object.values(upstreams).map((u) => [u.name, u.base])),
        },
        'gateway listening',
      );
      return { port, url };
    },
    stop() {
      stopping ??= (async () => {
        draining = true;
        clearInterval(sweeper);
        // Streams have no natural end: end them now so clients reconnect to another instance.
        for (const end of [...streams]) end();
        const closed = server.listening
          ? new Promise<void>((r) => server.close(() => r()))
          : Promise.resolve();
        server.closeIdleConnections();
        if (inFlight > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            new Promise<void>((r) => (onIdle = r)),
            new Promise<void>((r) => (timer = setTimeout(r, config.shutdownGraceMs))),
          ]);
          clearTimeout(timer);
        }
        server.closeAllConnections();
        await closed;
        destroyUpstreams(upstreams);
        logger.info('gateway stopped');
      })();
      return stopping;
    },
  };
}
