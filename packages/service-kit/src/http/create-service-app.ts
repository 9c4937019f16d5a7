import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { answerChecksFromEnv } from '../config/config';
import { errorMiddleware, notFoundHandler } from '../errors/error-middleware';
import { healthHandler, readinessHandler, type ReadinessChecks } from './health';
import { createHttpMetrics, registerDependencyGauge } from './metrics';
import { requestId } from './request-id';
import { requestLogger } from './request-logger';

export interface ServiceAppOptions {
  /** Service name: a metrics label and the logger's binding. */
  name: string;
  logger: Logger;
  /** Mounts the service's routes (full paths, e.g. /api/chat/...). */
  routes: (app: Express) => void;
  /**
   * Named checks for /readyz (database ping, bus health), each within readinessTimeoutMs: a plain check is
   * required, one made with `degradesOnly` is reported (/healthz, /readyz, `noek_dependency_up`) but keeps
   * the service ready.
   */
  readiness?: ReadinessChecks;
  readinessTimeoutMs?: number;
  /** JSON body limit; default 100kb. */
  bodyLimit?: string;
  /** Paths (exact) whose body arrives as a raw Buffer in req.body instead of parsed JSON (webhooks). */
  rawBodyPaths?: string[];
  /** Paths (exact) whose body is left unread for the route to stream itself (file uploads, any size). */
  streamBodyPaths?: readonly string[];
  /**
   * Check each contract route's answer against its response schema (contract-route.ts). Default: on under
   * test (config.ts answerChecksFromEnv), so every API test fails on a shape its contract does not declare.
   */
  checkAnswers?: boolean;
}

/**
 * An Express app with the house middleware in a fixed order: request id, logging, metrics, probes,
 * body parsing, the service's routes, 404, errors. No process globals: several can share a process.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const {
    name,
    logger,
    routes,
    readiness = {},
    readinessTimeoutMs = 2000,
    bodyLimit = '100kb',
    rawBodyPaths = [],
    streamBodyPaths = [],
    checkAnswers = answerChecksFromEnv(),
  } = options;
  const app = express();
  app.disable('x-powered-by');
  // Behind the gateway: trust exactly one proxy hop for req.ip / req.protocol.
  app.set('trust proxy', 1);
  const metrics = createHttpMetrics(name);
  app.locals.metricsRegistry = metrics.registry;
  app.locals.checkAnswers = checkAnswers;

  app.use(requestId(logger));
  app.use(requestLogger());
  app.use(metrics.middleware);

  registerDependencyGauge(metrics.registry, readiness, readinessTimeoutMs);

  app.get('/healthz', healthHandler(readiness));
  app.get('/readyz', readinessHandler(app, readiness, readinessTimeoutMs));
  app.get('/metrics', metrics.handler);

  const raw = new Set(rawBodyPaths);
  const streamed = new Set(streamBodyPaths);
  const rawParser = express.raw({ type: () => true, limit: bodyLimit });
  const jsonParser = express.json({ limit: bodyLimit });
  app.use((req, res, next) => {
    if (streamed.has(req.path)) return next();
    return raw.has(req.path) ? rawParser(req, res, next) : jsonParser(req, res, next);
  });

  routes(app);

  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}
