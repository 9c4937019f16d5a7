import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface GatewayMetrics {
  registry: Registry;
  /** One answered request: `target` is a service name, 'gateway' (answered here) or 'static'. */
  observe(target: string, status: number, seconds: number): void;
  failure(target: string, kind: string): void;
  setOpenStreams(count: number): void;
}

/** A registry per gateway instance, so tests and the single-process mode never clash. */
export function createGatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'gateway_requests_total',
    help: 'Requests answered, by target (service, gateway, static) and status',
    labelNames: ['target', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'gateway_request_duration_seconds',
    help: 'Time until the response ended (streams: until they closed)',
    labelNames: ['target'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'gateway_upstream_failures_total',
    help: 'Upstream exchanges that did not complete, by kind',
    labelNames: ['target', 'kind'] as const,
    registers: [registry],
  });
  const streams = new Gauge({
    name: 'gateway_open_streams',
    help: 'Event streams being relayed',
    registers: [registry],
  });

  // Label lookups hash their arguments on every call: keep the bound children per label set.
  const requestChildren = new Map<string, Counter.Internal>();
  const durationChildren = new Map<string, Histogram.Internal<'target'>>();

  return {
    registry,
    observe(target, status, seconds) {
      const key = `${target} ${status}`;
      let counter = requestChildren.get(key);
      if (!counter) requestChildren.set(key, (counter = requests.labels(target, String(status))));
      counter.inc();
      let hist = durationChildren.get(target);
      if (!hist) durationChildren.set(target, (hist = duration.labels(target)));
      hist.observe(seconds);
    },
    failure(target, kind) {
      failures.inc({ target, kind });
    },
    setOpenStreams(count) {
      streams.set(count);
    },
  };
}
