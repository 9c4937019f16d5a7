import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileUploadPaths, type RemoteName, type ServiceName } from '@noek/contracts';
import {
  createLogger,
  eventBusCheck,
  registerDependencyGauge,
  type EventBus,
  type Logger,
} from '@noek/service-kit';
import type { GatewayConfig } from './config';
import { ownAnswers, type OwnAnswers } from './http/own-answers';
import { createDrainState, type DrainState } from './ops/drain';
import { createGatewayMetrics, type GatewayMetrics } from './ops/metrics';
import { createRequestRecorder, type RequestRecorder } from './ops/request-record';
import type { ProxyContext, StreamOpener } from './proxy/proxy-context';
import { createUpstreams, destroyUpstreams, type Upstreams } from './proxy/upstreams';
import { createApiDecision, type ApiDecision } from './routing/api-decision';
import { createApiHandler } from './routing/api-handler';
import { createRequestHandler } from './routing/request-handler';
import { createSiteHandler } from './routing/site-handler';
import { createOriginPolicy } from './security/origin-check';
import { createGatewayRevocations, type GatewayRevocations } from './security/gateway-revocations';
import { createRateLimiter, type RateLimiter } from './security/rate-limit';
import { createSessionCheck } from './security/session-check';
import { shareRateLimit, type SharedRateLimit } from './security/shared-rate-limit';
import { createVerifiedTokens, type VerifiedTokens } from './security/verified-tokens';
import {
  capConnectionsPerAddress,
  clientErrorAnswer,
  limitServer,
  serverLimitOptions,
} from './security/server-limits';
import { ownedHeaderNames, securityHeaders, type HeaderList } from './security/security-headers';
import { remoteOrigins, remotesManifest, shellConfig } from './static/site-documents';
import { createStaticSite } from './static/static-site';
import { resolveVersion } from './version';

export interface GatewayDeps {
  logger?: Logger;
  /** The single-process start script passes the services' ephemeral addresses here. */
  upstreams?: Partial<Record<ServiceName, string>>;
  shellDistDir?: string;
  remoteDistDirs?: Partial<Record<RemoteName, string>>;
  /**
   * The event bus (NATS in its own process, the in-process bus under `npm start`): auth's revocations are
   * then refused here too, and the rate limit holds across replicas. Without it the gateway checks only
   * signature and expiry and limits on its own. The caller closes it, after stop().
   */
  bus?: EventBus;
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

/** What createGateway assembles once from the config: shared by the handlers and the lifecycle. */
interface GatewayParts {
  config: GatewayConfig;
  logger: Logger;
  version: string;
  shellDistDir: string;
  upstreams: Upstreams;
  metrics: GatewayMetrics;
  limiter: RateLimiter;
  security: HeaderList;
  answers: OwnAnswers;
  recorder: RequestRecorder;
  /** The /api checks. */
  decide: ApiDecision;
  proxyContext: ProxyContext;
  /** Open event streams with the request that opened each: ended first on stop(), or when revoked. */
  streams: Map<() => void, StreamOpener>;
  drain: DrainState;
  bus?: EventBus;
  /** Tokens verified here with their users: read by the session check and the revocation follower. */
  verified: VerifiedTokens;
  revocations: GatewayRevocations;
}

/**
 * The gateway: one listening node:http server, undici's pools to the services, no framework on the proxy
 * path and no HTTP parsed by hand. Reads top to bottom: assemble the parts, build the request handler
 * (the framing checks, /api and the site), the HTTP server, then start/stop.
 */
export function createGateway(config: GatewayConfig, deps: GatewayDeps = {}): Gateway {
  const parts = assembleParts(config, deps);
  const handle = createRequestHandler({
    logger: parts.logger,
    recorder: parts.recorder,
    answers: parts.answers,
    handleApi: apiHandler(parts),
    handleSite: siteHandler(parts, deps),
    isDraining: () => parts.drain.draining,
  });
  const server = createHttpServer(config, handle, parts.logger);
  capConnectionsPerAddress(server, config.maxConnectionsPerAddress, parts.logger);
  return withLifecycle(parts, server);
}

/** Step 1: logger, version, upstream pools, metrics, rate limiter, security headers, the proxy's context. */
function assembleParts(config: GatewayConfig, deps: GatewayDeps): GatewayParts {
  const logger = deps.logger ?? createLogger({ name: 'gateway', level: config.logLevel });
  const shellDistDir = deps.shellDistDir ?? config.shellDistDir;
  const version = resolveVersion({ appVersion: config.appVersion, buildId: config.buildId, shellDistDir });
  const upstreams = createUpstreams(
    { ...config.upstreams, ...deps.upstreams },
    config.upstreamMaxSockets,
    undefined,
    { headersTimeoutMs: config.upstreamTimeoutMs, connectTimeoutMs: config.upstreamConnectTimeoutMs },
  );
  const metrics = createGatewayMetrics();
  // NATS down only degrades the gateway (the services still enforce): reported, never a readiness failure.
  if (deps.bus) registerDependencyGauge(metrics.registry, { events: eventBusCheck(deps.bus) }, 2_000);
  const security = securityHeaders({
    https: config.trustHttps,
    remoteOrigins: remoteOrigins(config.remoteUrls),
    scriptSrc: config.csp.scriptSrc,
    connectSrc: config.csp.connectSrc,
    frameSrc: config.csp.frameSrc,
  });
  const answers = ownAnswers(security);
  const streams = new Map<() => void, StreamOpener>();
  const verified = createVerifiedTokens();
  const limiter = createRateLimiter(config.rateLimit.perMinute, config.rateLimit.burst, {
    trackHits: sharesRateLimit(config, deps.bus),
  });
  const authUrl = config.upstreams.auth.split(',')[0];
  const revocations = createGatewayRevocations({ streams, verified, logger, authUrl });
  const drain = createDrainState();
  const proxyContext: ProxyContext = {
    timeoutMs: config.upstreamTimeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    uploads: { paths: new Set(fileUploadPaths), ...config.uploads },
    sseHeartbeatMs: config.sseHeartbeatMs,
    proto: config.trustHttps ? 'https' : 'http',
    ownedResponseHeaders: ownedHeaderNames(security),
    ownHeaders: security.flat(),
    logger,
    onFailure: (service, kind) => metrics.failure(service, kind),
    streams,
  };
  return {
    config,
    logger,
    version,
    shellDistDir,
    upstreams,
    metrics,
    limiter,
    security,
    answers,
    recorder: createRequestRecorder({ logger, metrics, drain, accessLog: config.accessLog }),
    decide: apiDecision(config, limiter, { revocations, verified }),
    proxyContext,
    streams,
    drain,
    bus: deps.bus,
    verified,
    revocations,
  };
}

/** The /api checks: rate limit, /api/version, origin check, route, session, content type. */
function apiDecision(
  config: GatewayConfig,
  limiter: RateLimiter,
  session: { revocations: GatewayRevocations; verified: VerifiedTokens },
): ApiDecision {
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
    chatHosts: config.chatHosts,
    chatOrigins: config.chatSiteUrl ? [new URL(config.chatSiteUrl).origin] : [],
    marketingHosts: config.marketingHosts,
  });
  return createApiDecision({
    trustProxyHops: config.trustProxyHops,
    limiter,
    originPolicy,
    sessionCheck: createSessionCheck({
      publicKey: config.authPublicKey,
      exemptPaths: config.originCheckExemptPaths,
      revocations: session.revocations.list,
      verified: session.verified,
    }),
  });
}

/** Step 2a: /api on node:http's connections: the checks, then the gateway's own answer or the proxy. */
function apiHandler(p: GatewayParts) {
  return createApiHandler({
    answers: p.answers,
    decide: p.decide,
    upstreams: p.upstreams,
    proxyContext: p.proxyContext,
    version: p.version,
  });
}

/** Step 2b: everything else: probes, metrics, the shell's two JSON documents, then the static files. */
function siteHandler(p: GatewayParts, deps: GatewayDeps) {
  const { config } = p;
  return createSiteHandler({
    answers: p.answers,
    trustProxyHops: config.trustProxyHops,
    metrics: p.metrics,
    openStreams: () => p.streams.size,
    isDraining: () => p.drain.draining,
    degraded: () => (p.bus && !p.bus.isHealthy() ? ['events'] : []),
    remotesManifest: remotesManifest(config.remoteUrls),
    shellConfig: shellConfig({
      marketingHosts: config.marketingHosts,
      chatHosts: config.chatHosts,
      version: p.version,
      chatSiteUrl: config.chatSiteUrl,
      marketingSiteUrl: config.marketingSiteUrl,
    }),
    staticSite: config.serveStatic
      ? createStaticSite({
          shellDistDir: p.shellDistDir,
          remoteDistDirs: { ...config.remoteDistDirs, ...deps.remoteDistDirs },
          chatRemoteServedHere: config.remoteUrls.chat === undefined,
          marketing: {
            marketingHosts: config.marketingHosts,
            chatHosts: config.chatHosts,
            chatSiteUrl: config.chatSiteUrl,
            https: config.trustHttps,
          },
        })
      : undefined,
  });
}

/**
 * Step 3: the node:http server: its strict parser, limits and timeouts (security/server-limits.ts), and a
 * bare 400 for what it cannot parse (408 for a head too late, nothing for a connection that sent nothing).
 */
function createHttpServer(
  config: GatewayConfig,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  logger: Logger,
): Server {
  const server = createServer(serverLimitOptions(config), handle);
  limitServer(server, config);
  // Unparseable requests get a bare 400, a head late past headersTimeout a 408, a connection that never
  // sent a byte nothing (security/server-limits.ts clientErrorAnswer); the connection closes.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const answer = clientErrorAnswer(err, (socket as Socket).bytesRead);
    if (socket.writable && !socket.writableEnded) {
      if (answer === null) socket.end();
      else socket.end(answer);
    } else socket.destroy();
    if (err.code !== 'ECONNRESET') logger.debug({ err: err.code ?? err.message }, 'client error');
  });
  return server;
}

/** The replicas share their rate-limit hits: there is a bus to share them on, sharing is on, and a limit. */
function sharesRateLimit({ rateLimit }: GatewayConfig, bus: EventBus | undefined): boolean {
  return !!bus && rateLimit.shareMs > 0 && rateLimit.perMinute > 0;
}

/**
 * With a bus: follow auth's revocations (the last hour replayed before the first request; at most ~2 s of
 * waiting when NATS is down) and share the rate limit's hits with the other replicas. Answers the stop.
 */
async function startBusWork(p: GatewayParts): Promise<() => Promise<void>> {
  const { bus, config, limiter, logger } = p;
  if (!bus) return async () => undefined;
  // Without auth's key the gateway checks no session: revocations are the services' alone.
  if (config.authPublicKey) await p.revocations.start(bus);
  const sharing: SharedRateLimit | undefined = sharesRateLimit(config, bus)
    ? await shareRateLimit({ limiter, bus, intervalMs: config.rateLimit.shareMs, logger })
    : undefined;
  return async () => {
    await sharing?.stop();
    await p.revocations.stop();
  };
}

/**
 * Step 4: start (the bus's work, listen, the rate limiter's sweeper) and stop (drain: readiness fails,
 * streams end, grace).
 */
function withLifecycle(p: GatewayParts, server: Server): Gateway {
  const { config, logger, drain } = p;
  let url: string | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  let stopBusWork: () => Promise<void> = async () => undefined;

  const start = async () => {
    stopBusWork = await startBusWork(p);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    sweeper = setInterval(() => p.limiter.sweep(), 60_000);
    sweeper.unref();
    const port = (server.address() as AddressInfo).port;
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    logger.info(
      {
        url,
        version: p.version,
        upstreams: Object.fromEntries(Object.values(p.upstreams).map((u) => [u.name, u.base])),
      },
      'gateway listening',
    );
    return { port, url };
  };

  const waitForInFlight = async () => {
    if (drain.inFlight === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((r) => (drain.onIdle = r)),
      new Promise<void>((r) => (timer = setTimeout(r, config.shutdownGraceMs))),
    ]);
    clearTimeout(timer);
  };

  const stop = async () => {
    drain.draining = true;
    clearInterval(sweeper);
    // Streams have no natural end: end them now so clients reconnect to another instance.
    for (const end of [...p.streams.keys()]) end();
    const closed = server.listening ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
    server.closeIdleConnections();
    await waitForInFlight();
    server.closeAllConnections();
    await closed;
    await stopBusWork();
    destroyUpstreams(p.upstreams);
    logger.info('gateway stopped');
  };

  return {
    server,
    config,
    metrics: p.metrics,
    version: p.version,
    get url() {
      return url;
    },
    start,
    stop() {
      stopping ??= stop();
      return stopping;
    },
  };
}
