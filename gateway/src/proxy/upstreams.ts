import http from 'node:http';
import https from 'node:https';
import type { ServiceName } from '@noek/contracts';

export interface Upstream {
  name: ServiceName;
  hostname: string;
  port: number;
  /** Header value for X-Forwarded-* bookkeeping and logs. */
  base: string;
  agent: http.Agent;
  request: typeof http.request;
  /** Requests (and open streams) currently in flight; capped at maxInFlight. */
  inFlight: number;
  maxInFlight: number;
}

/**
 * One keep-alive agent per upstream: connections are reused across requests, which is most of
 * a proxy's cost. LIFO hands out the most recently used socket, so idle ones expire instead of
 * all being kept half-warm.
 */
export function createUpstream(name: ServiceName, base: string, maxInFlight: number): Upstream {
  const url = new URL(base);
  const secure = url.protocol === 'https:';
  const options = {
    keepAlive: true,
    keepAliveMsecs: 1_000,
    maxSockets: maxInFlight,
    maxFreeSockets: 256,
    scheduling: 'lifo' as const,
  };
  return {
    name,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (secure ? 443 : 80),
    base: url.origin,
    agent: secure ? new https.Agent(options) : new http.Agent(options),
    request: secure ? https.request : http.request,
    inFlight: 0,
    maxInFlight,
  };
}

export type Upstreams = Record<ServiceName, Upstream>;

export function createUpstreams(urls: Record<ServiceName, string>, maxInFlight: number): Upstreams {
  return {
    auth: createUpstream('auth', urls.auth, maxInFlight),
    chat: createUpstream('chat', urls.chat, maxInFlight),
    billing: createUpstream('billing', urls.billing, maxInFlight),
    admin: createUpstream('admin', urls.admin, maxInFlight),
  };
}

export function destroyUpstreams(upstreams: Upstreams): void {
  for (const u of Object.values(upstreams)) u.agent.destroy();
}
