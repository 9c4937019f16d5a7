import type { Express, RequestHandler } from 'express';
import { appState } from './app-state';

/** Resolves (any value) when healthy, rejects when not. */
export type ReadinessCheck = () => Promise<unknown>;
export type ReadinessChecks = Record<string, ReadinessCheck>;

export const healthHandler: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' });
};

function withTimeout(check: ReadinessCheck, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(check), timeout]).finally(() => clearTimeout(timer));
}

/**
 * 200 when every check passes in time, 503 naming the failing checks otherwise, and 503 as soon
 * as shutdown starts so the load balancer stops sending traffic before the server stops.
 */
export function readinessHandler(app: Express, checks: ReadinessChecks, timeoutMs: number): RequestHandler {
  return async (req, res) => {
    if (appState(app).draining) {
      res.status(503).json({ status: 'shutting_down', checks: {} });
      return;
    }
    const names = Object.keys(checks);
    const results = await Promise.allSettled(names.map((n) => withTimeout(checks[n]!, timeoutMs)));
    const report: Record<string, string> = {};
    let ok = true;
    results.forEach((r, i) => {
      const name = names[i]!;
      if (r.status === 'fulfilled') report[name] = 'ok';
      else {
        ok = false;
        // The reason is logged; the body names the check but not its internals.
        report[name] = 'failed';
        req.log.warn({ check: name, err: r.reason }, 'readiness check failed');
      }
    });
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not_ready', checks: report });
  };
}
