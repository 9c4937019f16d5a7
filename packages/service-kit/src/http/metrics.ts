import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { runChecks, type ReadinessChecks } from './health';
import { routePattern } from './route-pattern';

export interface HttpMetrics {
  registry: Registry;
  middleware: RequestHandler;
  handler: RequestHandler;
}

/** A registry per app, so several apps in one process (single-process mode, tests) never clash. */
export function createHttpMetrics(service: string): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration (until the response ends)',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.once('close', () => {
      const labels = { method: req.method, route: routePattern(req), status: String(res.statusCode) };
      requests.inc(labels);
      end(labels);
    });
    next();
  };

  const handler: RequestHandler = async (_req, res) => {
    res.setHeader('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  };

  return { registry, middleware, handler };
}

/**
 * `noek_dependency_up{dependency, required}`: 1 when the dependency's check passes at scrape time, 0 when
 * not. `required="false"` marks a degradation (the service stays ready); alert on it, do not page on
 * readiness for it (docs/deployment.md, "Readiness").
 */
export function registerDependencyGauge(
  registry: Registry,
  checks: ReadinessChecks,
  timeoutMs: number,
): void {
  if (Object.keys(checks).length === 0) return;
  new Gauge({
    name: 'noek_dependency_up',
    help: 'Whether a dependency answers (1) or not (0); required="false": the service serves without it',
    labelNames: ['dependency', 'required'] as const,
    registers: [registry],
    async collect() {
      for (const r of await runChecks(checks, timeoutMs))
        this.set({ dependency: r.name, required: String(r.required) }, r.up ? 1 : 0);
    },
  });
}
