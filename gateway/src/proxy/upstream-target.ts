import http from 'node:http';
import https from 'node:https';
import { UpstreamPool } from './upstream-pool';

/** One address of a service: its connection pool and what the gateway knows of its health. */
export interface UpstreamTarget {
  hostname: string;
  port: number;
  /** The address's origin, for logs. */
  base: string;
  /** Keep-alive connections for proxied requests. */
  pool: UpstreamPool;
  /** For the active health checks only (a keep-alive agent of their own). */
  agent: http.Agent;
  request: typeof http.request;
  /** Last active health check (GET /readyz) passed; true until one fails. */
  healthy: boolean;
  /** Consecutive failures (connect errors, 5xx) since the last success. */
  failures: number;
  /** Ejected (passively) until this time (ms since the epoch); 0 when not. */
  ejectedUntil: number;
}

/** `sweepMs`: how often the pool checks its busy connections for silence (upstream-pool.ts). */
export function createTarget(
  base: string,
  agentFor: (secure: boolean) => http.Agent,
  sweepMs?: number,
): UpstreamTarget {
  const url = new URL(base);
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (secure ? 443 : 80);
  return {
    hostname,
    port,
    base: url.origin,
    pool: new UpstreamPool({ hostname, port, secure }, sweepMs),
    agent: agentFor(secure),
    request: secure ? https.request : http.request,
    healthy: true,
    failures: 0,
    ejectedUntil: 0,
  };
}

/** Active health check: GET /readyz within timeoutMs; 2xx is healthy, anything else (or silence) is not. */
export function probeTarget(t: UpstreamTarget, timeoutMs: number): void {
  const req = t.request({
    hostname: t.hostname,
    port: t.port,
    path: '/readyz',
    method: 'GET',
    agent: t.agent,
  });
  req.setTimeout(timeoutMs, () => req.destroy());
  req.on('error', () => (t.healthy = false));
  req.on('response', (res) => {
    t.healthy = (res.statusCode ?? 500) < 300;
    res.resume();
  });
  req.end();
}
