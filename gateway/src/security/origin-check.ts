import type { RequestHead } from '../http/request-head';

export interface OriginPolicy {
  scheme: 'http' | 'https';
  /** Exact origins (ALLOWED_ORIGINS, remote origins). */
  origins: Set<string>;
  /** CHAT_HOSTS / MARKETING_HOSTS entries: `host:port` entries match exactly, bare hosts on our port. */
  hosts: Set<string>;
  /** Paths whose callers authenticate by signature (webhooks). */
  exemptPaths: Set<string>;
}

export function createOriginPolicy(options: {
  https: boolean;
  allowedOrigins: string[];
  hosts: string[];
  exemptPaths: string[];
}): OriginPolicy {
  return {
    scheme: options.https ? 'https' : 'http',
    origins: new Set(options.allowedOrigins),
    hosts: new Set(options.hosts.map((h) => h.toLowerCase())),
    exemptPaths: new Set(options.exemptPaths),
  };
}

export function isStateChanging(method: string | undefined): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

function sourceOrigin(req: RequestHead): string | undefined {
  const { origin, referer } = req.headers;
  if (origin !== undefined) return origin;
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

function portOf(hostHeader: string): string {
  const m = /:(\d+)$/.exec(hostHeader);
  return m ? m[1]! : '';
}

/**
 * CSRF defence for state-changing requests (on top of SameSite cookies): the request must come
 * from our own origin (scheme + Host), an allowed origin, or one of the site hosts.
 *
 * Browsers send Origin on every cross-origin request and on every same-origin POST/PUT/PATCH/
 * DELETE, so a request with neither Origin nor Referer is not a cross-site browser request. We
 * still let it through only when it carries no cookie: without a cookie it has no ambient
 * authority to abuse (API clients, tests, curl); with one it is refused, which costs nothing to a
 * real browser and closes the gap for clients that strip both headers.
 */
export function originAllowed(req: RequestHead, path: string, policy: OriginPolicy): boolean {
  if (!isStateChanging(req.method) || policy.exemptPaths.has(path)) return true;
  const origin = sourceOrigin(req);
  if (origin === undefined) return req.headers.cookie === undefined;
  if (origin === 'null') return false;
  const host = (req.headers.host ?? '').toLowerCase();
  if (origin === `${policy.scheme}://${host}`) return true;
  if (policy.origins.has(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== `${policy.scheme}:`) return false;
  if (policy.hosts.has(url.host)) return true;
  return policy.hosts.has(url.hostname) && url.port === portOf(host);
}

const JSON_TYPE = /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i;

/**
 * State-changing API requests carry JSON or nothing. The types a cross-site form or a
 * "simple" fetch can send without a CORS preflight (text/plain, urlencoded, multipart) are
 * refused, and so is anything else no service parses.
 */
export function contentTypeAllowed(req: RequestHead): boolean {
  if (!isStateChanging(req.method)) return true;
  const type = req.headers['content-type'];
  return type === undefined || JSON_TYPE.test(type);
}
