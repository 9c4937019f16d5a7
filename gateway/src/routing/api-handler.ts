import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/json-response';
import type { OwnAnswers } from '../http/own-answers';
import { proxyRequest } from '../proxy/exchange';
import type { ProxyContext } from '../proxy/proxy-context';
import type { Upstreams } from '../proxy/upstreams';
import type { ApiDecision, ApiVerdict } from './api-decision';
import { createApiReference } from './api-reference';

export interface ApiHandlerOptions {
  answers: OwnAnswers;
  decide: ApiDecision;
  upstreams: Upstreams;
  proxyContext: ProxyContext;
  version: string;
}

/**
 * /api: the checks (routing/api-decision.ts), then the gateway's own
 * answer or the proxy. Returns the metrics target: the service proxied to, or 'gateway'.
 */
export function createApiHandler(o: ApiHandlerOptions) {
  const { answers } = o;
  const versionBody = { version: o.version };
  const reference = createApiReference(o.version);
  const render = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    requestId: string,
    verdict: ApiVerdict,
  ): string => {
    switch (verdict.kind) {
      case 'refuse':
        return answers.refuse(res, requestId, verdict.status, verdict.code, verdict.message, verdict.headers);
      case 'version':
        answers.prepare(res, requestId);
        sendJson(res, 200, versionBody);
        return 'gateway';
      case 'reference':
        answers.prepare(res, requestId);
        reference(res, path);
        return 'gateway';
      case 'wait':
        // A stale revocation feed: auth is asked about the token first (it never rejects: auth
        // unreachable leaves the verdict to what the gateway knows). A client gone meanwhile gets nothing.
        void verdict.verdict.then((v) => {
          if (!req.destroyed && !res.destroyed) render(req, res, path, requestId, v);
        });
        return verdict.service;
      case 'proxy':
        proxyRequest(
          o.proxyContext,
          o.upstreams[verdict.service],
          req,
          res,
          requestId,
          verdict.clientIp,
          (...a) => answers.refuse(res, requestId, ...a),
        );
        return verdict.service;
    }
  };
  return (req: IncomingMessage, res: ServerResponse, path: string, requestId: string): string =>
    render(req, res, path, requestId, o.decide(req, path));
}
