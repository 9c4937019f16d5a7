import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

export interface GatewayMetrics {
  registry: Registry;
  /** One answered request: `target` is a service name, 'gateway' (answered here) or 'static'. */
  observe(target: string, status: number, seconds: number): void;
  failure(target: string, kind: string): void;
  setOpenStreams(count: number): void;
}

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Series {
  /** Requests per status. */
  statuses: Map<number, number>;
  /** Requests per duration bucket (not cumulative; the last one is +Inf). */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * gateway_request_duration_seconds as the registry reads it (a histogram by target). Counted in plain
 * numbers: prom-client's own Histogram validates and hashes its labels on every observation, a few
 * microseconds per request that the proxy path cannot spare; this object is read only when scraped.
 */
function durationHistogram(series: Map<string, Series>) {
  const name = 'gateway_request_duration_seconds';
  const bucketName = `${name}_bucket`;
  return {
    name,
    help: 'Time until the response ended (streams: until they closed)',
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const [target, s] of series) {
        let cumulative = 0;
        DURATION_BUCKETS.forEach((le, i) => {
          cumulative += s.buckets[i]!;
          values.push({ labels: { le, target }, value: cumulative, metricName: bucketName });
        });
        values.push({ labels: { le: '+Inf', target }, value: s.count, metricName: bucketName });
        values.push({ labels: { target }, value: s.sum, metricName: `${name}_sum` });
        values.push({ labels: { target }, value: s.count, metricName: `${name}_count` });
      }
      return { name, help: this.help, type: this.type, values, aggregator: this.aggregator };
    },
    reset() {
      series.clear();
    },
  };
}

/** A registry per gateway instance, so tests and the single-process mode never clash. */
export function createGatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  collectDefaultMetrics({ register: registry });
  const series = new Map<string, Series>();
  // The requests counter is prom-client's own, brought up to date from `series` when scraped.
  const counted = new Map<string, Map<number, number>>();
  new Counter({
    name: 'gateway_requests_total',
    help: 'Requests answered, by target (service, gateway, static) and status',
    labelNames: ['target', 'status'] as const,
    registers: [registry],
    collect() {
      for (const [target, s] of series) {
        let seen = counted.get(target);
        if (!seen) counted.set(target, (seen = new Map()));
        for (const [status, n] of s.statuses) {
          const before = seen.get(status) ?? 0;
          if (n > before) this.inc({ target, status: String(status) }, n - before);
          seen.set(status, n);
        }
      }
    },
  });
  // The registry reads any object with a name and get() (a custom collector); the type wants a class.
  registry.registerMetric(durationHistogram(series) as unknown as Metric);
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

  return {
    registry,
    observe(target, status, seconds) {
      let s = series.get(target);
      if (!s) {
        s = {
          statuses: new Map(),
          buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        series.set(target, s);
      }
      s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
      let i = 0;
      while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i += 1;
      s.buckets[i]! += 1;
      s.sum += seconds;
      s.count += 1;
    },
    failure(target, kind) {
      failures.inc({ target, kind });
    },
    setOpenStreams(count) {
      streams.set(count);
    },
  };
}
