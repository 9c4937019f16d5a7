import type { RequestHead } from '../http/request-head';

export interface OriginPolicy {
  scheme: 'http' | 'https';
  /** Exact origins (ALLOWED_ORIGINS, remote origins). */
  origins: Set<string>;
  /** CHAT_HOSTS / MARKETING_HOSTS entries: `host:port` entries match exactly, bare hosts on our port. */
  hosts: Set<string>;
  /** Paths whose callers authenticate by signature (webhooks). */
  exemptPaths: Set<string>;
  /** The chat site's hosts (CHAT_HOSTS) and origin (CHAT_SITE_URL): the only sources of admin actions. */
  chatHosts: Set<string>;
  chatOrigins: Set<string>;
  /** MARKETING_HOSTS: a page served there is never the source of an admin action, same-origin or not. */
  marketingHosts: Set<string>;
}

export function createOriginPolicy(options: {
  https: boolean;
  allowedOrigins: string[];
  hosts: string[];
  exemptPaths: string[];
  chatHosts?: string[];
  chatOrigins?: string[];
  marketingHosts?: string[];
}): OriginPolicy {
  const lower = (list: string[] = []) => new Set(list.map((h) => h.toLowerCase()));
  return {
    scheme: options.https ? 'https' : 'http',
    origins: new Set(options.allowedOrigins),
    hosts: lower(options.hosts),
    exemptPaths: new Set(options.exemptPaths),
    chatHosts: lower(options.chatHosts),
    chatOrigins: new Set(options.chatOrigins),
    marketingHosts: lower(options.marketingHosts),
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
  if (isAdminPath(path)) return adminOriginAllowed(origin, host, policy);
  if (origin === `${policy.scheme}://${host}`) return true;
  if (policy.origins.has(origin)) return true;
  return listedHost(origin, host, policy.hosts, policy.scheme);
}

const isAdminPath = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/');

/** `origin` names one of `hosts` (a `host:port` entry exactly, a bare host on the request's port). */
function listedHost(origin: string, host: string, hosts: Set<string>, scheme: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== `${scheme}:`) return false;
  if (hosts.has(url.host)) return true;
  return hosts.has(url.hostname) && url.port === portOf(host);
}

/**
 * Admin actions come from the chat site only (where the admin dashboard lives): its origin (CHAT_SITE_URL),
 * a CHAT_HOSTS host, or our own origin when it is not a marketing host. Never the marketing site's, nor a
 * partner's (ALLOWED_ORIGINS): a page there must not be able to act with an admin's cookie.
 */
function adminOriginAllowed(origin: string, host: string, policy: OriginPolicy): boolean {
  if (policy.chatOrigins.has(origin)) return true;
  if (listedHost(origin, host, policy.chatHosts, policy.scheme)) return true;
  if (origin !== `${policy.scheme}://${host}`) return false;
  const hostname = host.replace(/:\d+$/, '');
  return !policy.marketingHosts.has(hostname) && !policy.marketingHosts.has(host);
}

const JSON_TYPE = /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i;
/** A file upload route (contracts fileUploadPaths) also takes a zip: not a type a form can send. */
const ZIP_TYPE = /^application\/zip\s*(?:;|$)/i;

/**
 * State-changing API requests carry JSON or nothing. The types a cross-site form or a
 * "simple" fetch can send without a CORS preflight (text/plain, urlencoded, multipart) are
 * refused, and so is anything else no service parses. `upload`: a file upload route, which takes a zip too.
 */
export function contentTypeAllowed(req: RequestHead, upload = false): boolean {
  if (!isStateChanging(req.method)) return true;
  const type = req.headers['content-type'];
  return type === undefined || JSON_TYPE.test(type) || (upload && ZIP_TYPE.test(type));
}
