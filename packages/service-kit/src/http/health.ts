import type { Express, RequestHandler } from 'express';
import { appState } from './app-state';

/** Resolves (any value) when healthy, rejects when not. */
export type ReadinessCheck = () => Promise<unknown>;

/**
 * A dependency the service keeps serving without (NATS: events wait in the outbox and go out when it is
 * back). Its loss is reported as degradation (/healthz, /readyz's body, `noek_dependency_up`) but never
 * fails readiness: taking every instance out of rotation would turn a partial outage into a full one.
 * /healthz runs it on every liveness probe, so it must be cheap (read in-memory state, no round trip).
 */
export interface DegradingCheck {
  readonly degradesOnly: true;
  readonly check: ReadinessCheck;
}

/** A plain check is required: the service cannot serve without it, so /readyz answers 503 when it fails. */
export type DependencyCheck = ReadinessCheck | DegradingCheck;
export type ReadinessChecks = Record<string, DependencyCheck>;

export function degradesOnly(check: ReadinessCheck): DegradingCheck {
  return { degradesOnly: true, check };
}

export interface CheckResult {
  name: string;
  up: boolean;
  required: boolean;
  reason?: unknown;
}

function withTimeout(check: ReadinessCheck, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(check), timeout]).finally(() => clearTimeout(timer));
}

const isDegrading = (c: DependencyCheck): c is DegradingCheck => typeof c !== 'function';

export interface ToleranceOptions {
  /** How long the dependency may keep failing (no success in between) before the check fails. */
  graceMs: number;
  /** Each attempt's own bound, below the readiness timeout (a stalled ping counts as a failure). */
  attemptTimeoutMs: number;
  now?: () => number;
}

/**
 * Hysteresis for a required check: it fails only once its dependency has failed for longer than
 * `graceMs` without a success in between, so a stall of a few seconds (one slow database, a failover)
 * does not take every instance of every service out of rotation at once. Until the first success
 * (start-up) there is no grace: an instance that never reached its dependency is not ready.
 */
export function tolerateFailures(check: ReadinessCheck, opts: ToleranceOptions): ReadinessCheck {
  const now = opts.now ?? Date.now;
  let succeeded = false;
  let failingSince: number | null = null;
  return async () => {
    try {
      await withTimeout(check, opts.attemptTimeoutMs);
      succeeded = true;
      failingSince = null;
    } catch (err) {
      const t = now();
      failingSince ??= t;
      if (!succeeded || t - failingSince >= opts.graceMs) throw err;
    }
  };
}

/** Runs the checks (all, or only the required or degrading ones) in parallel, each bounded by timeoutMs. */
export async function runChecks(
  checks: ReadinessChecks,
  timeoutMs: number,
  only?: 'required' | 'degrading',
): Promise<CheckResult[]> {
  const entries = Object.entries(checks).filter(
    ([, c]) => only === undefined || (only === 'degrading') === isDegrading(c),
  );
  const settled = await Promise.allSettled(
    entries.map(([, c]) => withTimeout(isDegrading(c) ? c.check : c, timeoutMs)),
  );
  return settled.map((r, i) => {
    const [name, c] = entries[i]!;
    const required = !isDegrading(c);
    return r.status === 'fulfilled'
      ? { name, up: true, required }
      : { name, up: false, required, reason: r.reason };
  });
}

const degradedNames = (results: CheckResult[]) =>
  results.filter((r) => !r.up && !r.required).map((r) => r.name);

/**
 * Liveness: always 200 while the process answers (restarting it would not bring a dependency back).
 * The body names the degrading dependencies that are down, so a look at /healthz shows a partial outage.
 */
export function healthHandler(checks: ReadinessChecks = {}, timeoutMs = 500): RequestHandler {
  return async (_req, res) => {
    const degraded = degradedNames(await runChecks(checks, timeoutMs, 'degrading'));
    res.json(degraded.length === 0 ? { status: 'ok' } : { status: 'degraded', degraded });
  };
}

/**
 * 200 when every required check passes in time ('ready', or 'degraded' naming what is down but not
 * needed to serve), 503 naming the failing checks otherwise, and 503 as soon as shutdown starts so the
 * load balancer stops sending traffic before the server stops.
 */
export function readinessHandler(app: Express, checks: ReadinessChecks, timeoutMs: number): RequestHandler {
  return async (req, res) => {
    if (appState(app).draining) {
      res.status(503).json({ status: 'shutting_down', checks: {} });
      return;
    }
    const results = await runChecks(checks, timeoutMs);
    const report: Record<string, string> = {};
    for (const r of results) {
      // The reason is logged; the body names the check but not its internals.
      report[r.name] = r.up ? 'ok' : 'failed';
      if (!r.up)
        req.log.warn({ check: r.name, err: r.reason, required: r.required }, 'readiness check failed');
    }
    const ok = results.every((r) => r.up || !r.required);
    const degraded = degradedNames(results);
    const status = !ok ? 'not_ready' : degraded.length > 0 ? 'degraded' : 'ready';
    res.status(ok ? 200 : 503).json({ status, checks: report });
  };
}
