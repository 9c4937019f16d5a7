import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCodes, gatewayApiPaths, serviceForApiPath } from '@noek/contracts';
import { clientAddress } from '../http/client-address';
import { sendJson } from '../http/json-response';
import type { OwnAnswers } from '../http/own-answers';
import { proxyRequest, type ProxyContext } from '../proxy/proxy.handler';
import type { Upstreams } from '../proxy/upstreams';
import { contentTypeAllowed, originAllowed, type OriginPolicy } from '../security/origin-check';
import type { RateLimiter } from '../security/rate-limit';
import type { SessionCheck } from '../security/session-check';

export interface ApiHandlerOptions {
  answers: OwnAnswers;
  trustProxyHops: number;
  limiter: RateLimiter;
  originPolicy: OriginPolicy;
  upstreams: Upstreams;
  sessionCheck: SessionCheck;
  proxyContext: ProxyContext;
  version: string;
}

/**
 * /api: rate limit, the gateway's own /api/version, origin check, route lookup, session, content type, then
 * the proxy. Returns the metrics target: the service proxied to, or 'gateway'.
 */
export function createApiHandler(o: ApiHandlerOptions) {
  const { answers } = o;
  const versionBody = { version: o.version };
  return (req: IncomingMessage, res: ServerResponse, path: string, requestId: string): string => {
    const clientIp = clientAddress(req, o.trustProxyHops);
    const wait = o.limiter.take(clientIp);
    if (wait > 0) {
      return answers.refuse(
        res,
        requestId,
        429,
        errorCodes.rateLimited,
        'Too many requests. Please wait a moment and try again.',
        {
          'Retry-After': String(wait),
        },
      );
    }
    if (path === gatewayApiPaths.version) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return answers.refuse(
          res,
          requestId,
          405,
          'METHOD_NOT_ALLOWED',
          `${req.method} is not allowed here.`,
          { Allow: 'GET, HEAD' },
        );
      }
      answers.prepare(res, requestId);
      sendJson(res, 200, versionBody);
      return 'gateway';
    }
    if (!originAllowed(req, path, o.originPolicy)) {
      return answers.refuse(
        res,
        requestId,
        403,
        errorCodes.foreignOrigin,
        'This request came from another site and was refused.',
      );
    }
    const service = serviceForApiPath(path);
    if (!service) {
      return answers.refuse(
        res,
        requestId,
        404,
        errorCodes.notFound,
        `No route for ${req.method} ${path.slice(0, 200)}.`,
      );
    }
    const session = o.sessionCheck(req, path, service);
    if (!session.ok) return answers.refuse(res, requestId, 401, errorCodes.unauthenticated, session.message);
    if (!contentTypeAllowed(req)) {
      return answers.refuse(
        res,
        requestId,
        415,
        errorCodes.unsupportedMediaType,
        'Send the request body as JSON (Content-Type: application/json).',
      );
    }
    proxyRequest(o.proxyContext, o.upstreams[service], { req, res, requestId, clientIp });
    return service;
  };
}
