import type { ServiceName } from '@noek/contracts';
import { createTarget, probeTarget, type PoolLimits, type UpstreamTarget } from './upstream-target';

export type { UpstreamTarget } from './upstream-target';

export interface Upstream {
  name: ServiceName;
  /** The service's addresses (UPSTREAM URL env: one, or a comma-separated list), each with its own pool. */
  targets: UpstreamTarget[];
  /** Header value for logs: the first address's origin (all of them joined when there are several). */
  base: string;
  /** Requests (and open streams) currently in flight over all addresses; capped at maxInFlight. */
  inFlight: number;
  maxInFlight: number;
  /** Round-robin cursor. */
  next: number;
  /** Active health checks (several addresses only); cleared by destroyUpstreams. */
  healthTimer?: NodeJS.Timeout;
}

/** Seconds an address sits out after `EJECT_AFTER` consecutive failures (passive ejection). */
export const EJECT_AFTER = 3;
export const EJECT_MS = 10_000;
export const HEALTH_INTERVAL_MS = 5_000;
/** How often an address out of rotation is probed again. */
export const UNHEALTHY_PROBE_MS = 250;

export function createUpstream(
  name: ServiceName,
  urls: string,
  maxInFlight: number,
  limits: PoolLimits = { headersTimeoutMs: 30_000, connectTimeoutMs: 5_000 },
): Upstream {
  const targets = urls
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => createTarget(u, limits));
  return {
    name,
    targets,
    base: targets.map((t) => t.base).join(','),
    inFlight: 0,
    maxInFlight,
    next: 0,
  };
}

/**
 * The address for the next request, round-robin over the usable ones (healthy and not ejected), skipping
 * `avoid` (the address a retry just failed on). When none is usable, the next one anyway: a service that
 * is all down answers with the usual 502/503 rather than something new.
 */
export function pickTarget(up: Upstream, avoid?: UpstreamTarget, now = Date.now()): UpstreamTarget {
  const { targets } = up;
  if (targets.length === 1) return targets[0]!;
  for (let i = 0; i < targets.length; i += 1) {
    const t = targets[(up.next + i) % targets.length]!;
    if (t === avoid || !t.healthy || t.ejectedUntil > now) continue;
    up.next = (up.next + i + 1) % targets.length;
    return t;
  }
  const fallback = targets[up.next % targets.length]!;
  up.next = (up.next + 1) % targets.length;
  return fallback === avoid ? targets[up.next % targets.length]! : fallback;
}

/** A usable address other than `t`, or undefined: a retry goes there. */
export function otherTarget(up: Upstream, t: UpstreamTarget): UpstreamTarget | undefined {
  if (up.targets.length < 2) return undefined;
  const other = pickTarget(up, t);
  return other === t ? undefined : other;
}

/** Passive ejection: consecutive connect failures or 5xx put an address out for EJECT_MS. */
export function recordOutcome(t: UpstreamTarget, ok: boolean, now = Date.now()): void {
  if (ok) {
    t.failures = 0;
    return;
  }
  t.failures += 1;
  if (t.failures >= EJECT_AFTER) {
    t.ejectedUntil = now + EJECT_MS;
    t.failures = 0;
  }
}

/**
 * An address answered with `Connection: close`: the service is draining for shutdown (service-kit's
 * http server says so on every answer from then on). New requests go elsewhere until its /readyz probe
 * answers 200 again (the replica that replaces it). A single address is used whatever it says.
 */
export function recordLeaving(up: Upstream, t: UpstreamTarget): void {
  if (up.targets.length > 1) t.healthy = false;
}

export type Upstreams = Record<ServiceName, Upstream>;

/** `limits`: the upstream timeouts (UPSTREAM_TIMEOUT_MS, UPSTREAM_CONNECT_TIMEOUT_MS) of every pool. */
export function createUpstreams(
  urls: Record<ServiceName, string>,
  maxInFlight: number,
  healthIntervalMs = HEALTH_INTERVAL_MS,
  limits?: PoolLimits,
): Upstreams {
  const ups: Upstreams = {
    auth: createUpstream('auth', urls.auth, maxInFlight, limits),
    chat: createUpstream('chat', urls.chat, maxInFlight, limits),
    billing: createUpstream('billing', urls.billing, maxInFlight, limits),
    admin: createUpstream('admin', urls.admin, maxInFlight, limits),
  };
  // Active health checks only where there is a choice: one address is used whatever it answers. Every
  // address each interval; an address out of rotation (unhealthy, leaving) every UNHEALTHY_PROBE_MS, so
  // the replica that replaces it takes requests as soon as it is ready (a rolling restart never finds
  // every address out).
  for (const up of Object.values(ups)) {
    if (up.targets.length < 2 || healthIntervalMs <= 0) continue;
    const fast = Math.min(UNHEALTHY_PROBE_MS, healthIntervalMs);
    let sinceFull = 0;
    up.healthTimer = setInterval(() => {
      sinceFull += fast;
      const full = sinceFull >= healthIntervalMs;
      if (full) sinceFull = 0;
      for (const t of up.targets) if (full || !t.healthy) probeTarget(t, Math.min(2_000, healthIntervalMs));
    }, fast);
    up.healthTimer.unref();
  }
  return ups;
}

export function destroyUpstreams(upstreams: Upstreams): void {
  for (const u of Object.values(upstreams)) {
    clearInterval(u.healthTimer);
    for (const t of u.targets) void t.pool.destroy().catch(() => undefined);
  }
}
