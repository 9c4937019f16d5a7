import {
  errorCodes,
  fileUploadPaths,
  gatewayApiPaths,
  serviceForApiPath,
  type ServiceName,
} from '@noek/contracts';
import { clientAddress } from '../http/client-address';
import type { RequestHead } from '../http/request-head';
import { contentTypeAllowed, originAllowed, type OriginPolicy } from '../security/origin-check';
import type { RateLimiter } from '../security/rate-limit';
import type { SessionCheck, SessionVerdict } from '../security/session-check';

/** An answer the gateway gives itself instead of proxying: the shared error envelope's parts. */
export interface Refusal {
  kind: 'refuse';
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
}

export type ApiVerdict =
  | { kind: 'proxy'; service: ServiceName; clientIp: string }
  /** The session check waits for auth (a stale revocation feed): the verdict once it has answered. */
  | { kind: 'wait'; service: ServiceName; verdict: Promise<ApiVerdict> }
  | { kind: 'version' }
  | { kind: 'reference' }
  | Refusal;

export interface ApiDecisionOptions {
  trustProxyHops: number;
  limiter: RateLimiter;
  originPolicy: OriginPolicy;
  sessionCheck: SessionCheck;
}

const refusal = (status: number, code: string, message: string, headers?: Record<string, string>): Refusal =>
  headers ? { kind: 'refuse', status, code, message, headers } : { kind: 'refuse', status, code, message };

const uploadPaths: ReadonlySet<string> = new Set(fileUploadPaths);

const versionVerdict: ApiVerdict = { kind: 'version' };
const referenceVerdict: ApiVerdict = { kind: 'reference' };

/** The API reference's paths: the document, the page and the page's assets (api-reference.ts). */
const isReferencePath = (path: string) =>
  path === gatewayApiPaths.openapi ||
  path === gatewayApiPaths.docs ||
  path.startsWith(`${gatewayApiPaths.docs}/`);

/**
 * The checks on an /api request, in order: rate limit, the gateway's own answers (/api/version, the API
 * reference), origin, route,
 * session, content type. Pure of any response object: the API handler renders the verdict.
 */
export function createApiDecision(o: ApiDecisionOptions) {
  return (req: RequestHead, path: string): ApiVerdict => {
    const clientIp = clientAddress(req, o.trustProxyHops);
    const wait = o.limiter.take(clientIp);
    if (wait > 0) {
      return refusal(429, errorCodes.rateLimited, 'Too many requests. Please wait a moment and try again.', {
        'Retry-After': String(wait),
      });
    }
    const own =
      path === gatewayApiPaths.version ? versionVerdict : isReferencePath(path) ? referenceVerdict : null;
    if (own) {
      if (req.method === 'GET' || req.method === 'HEAD') return own;
      return refusal(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed here.`, { Allow: 'GET, HEAD' });
    }
    if (!originAllowed(req, path, o.originPolicy)) {
      return refusal(403, errorCodes.foreignOrigin, 'This request came from another site and was refused.');
    }
    const service = serviceForApiPath(path);
    if (!service) {
      return refusal(404, errorCodes.notFound, `No route for ${req.method} ${path.slice(0, 200)}.`);
    }
    const session = o.sessionCheck(req, path, service);
    if (session instanceof Promise)
      return {
        kind: 'wait',
        service,
        verdict: session.then((s) => afterSession(req, path, s, service, clientIp)),
      };
    return afterSession(req, path, session, service, clientIp);
  };
}
export type ApiDecision = ReturnType<typeof createApiDecision>;

/** The checks after the session's: its refusal, then the content type. */
function afterSession(
  req: RequestHead,
  path: string,
  session: SessionVerdict,
  service: ServiceName,
  clientIp: string,
): ApiVerdict {
  if (!session.ok) return refusal(401, errorCodes.unauthenticated, session.message);
  if (!contentTypeAllowed(req, uploadPaths.has(path))) {
    return refusal(
      415,
      errorCodes.unsupportedMediaType,
      uploadPaths.has(path)
        ? 'Send the file as JSON (application/json) or a zip (application/zip).'
        : 'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  return { kind: 'proxy', service, clientIp };
}
