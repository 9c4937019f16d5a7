import { Pool } from 'undici';

/** One address of a service: its undici connection pool and what the gateway knows of its health. */
export interface UpstreamTarget {
  /** The address's origin, for logs. */
  base: string;
  /** undici's keep-alive pool (llhttp, strict): proxied requests and the health checks. */
  pool: Pool;
  /** Last active health check (GET /readyz) passed; true until one fails. */
  healthy: boolean;
  /** Consecutive failures (connect errors, 5xx) since the last success. */
  failures: number;
  /** Ejected (passively) until this time (ms since the epoch); 0 when not. */
  ejectedUntil: number;
}

export interface PoolLimits {
  /** Until the upstream answers with headers. */
  headersTimeoutMs: number;
  connectTimeoutMs: number;
}

/**
 * The pool's own body timeout is off: a started event stream has no limit, and the gateway bounds the
 * silence within other answers itself (proxy/exchange.ts), as it only knows which is which from the head.
 * One request at a time per connection (no pipelining upstream): a slow answer never holds another back.
 */
export function createTarget(base: string, limits: PoolLimits): UpstreamTarget {
  const url = new URL(base);
  return {
    base: url.origin,
    pool: new Pool(url.origin, {
      pipelining: 1,
      headersTimeout: limits.headersTimeoutMs,
      bodyTimeout: 0,
      connect: { timeout: limits.connectTimeoutMs },
      keepAliveTimeout: 4_000,
    }),
    healthy: true,
    failures: 0,
    ejectedUntil: 0,
  };
}

/** Active health check: GET /readyz within timeoutMs; 2xx is healthy, anything else (or silence) is not. */
export function probeTarget(t: UpstreamTarget, timeoutMs: number): void {
  t.pool.request({ path: '/readyz', method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs }).then(
    async (res) => {
      t.healthy = res.statusCode < 300;
      await res.body.dump();
    },
    () => (t.healthy = false),
  );
}
