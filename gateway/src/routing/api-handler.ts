import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/json-response';
import type { OwnAnswers } from '../http/own-answers';
import { NodeDownstream } from '../proxy/node-downstream';
import { proxyRequest, type ProxyContext } from '../proxy/proxy.handler';
import type { Upstreams } from '../proxy/upstreams';
import type { ApiDecision } from './api-decision';

export interface ApiHandlerOptions {
  answers: OwnAnswers;
  decide: ApiDecision;
  upstreams: Upstreams;
  proxyContext: ProxyContext;
  version: string;
}

/**
 * /api on a connection node:http serves: the checks (routing/api-decision.ts), then the gateway's own
 * answer or the proxy. Returns the metrics target: the service proxied to, or 'gateway'. The wire path
 * (wire/) renders the same verdicts for the connections it keeps.
 */
export function createApiHandler(o: ApiHandlerOptions) {
  const { answers } = o;
  const versionBody = { version: o.version };
  return (req: IncomingMessage, res: ServerResponse, path: string, requestId: string): string => {
    const verdict = o.decide(req, path);
    switch (verdict.kind) {
      case 'refuse':
        return answers.refuse(res, requestId, verdict.status, verdict.code, verdict.message, verdict.headers);
      case 'version':
        answers.prepare(res, requestId);
        sendJson(res, 200, versionBody);
        return 'gateway';
      case 'proxy': {
        const down = new NodeDownstream(req, res, requestId, verdict.clientIp, answers);
        proxyRequest(o.proxyContext, o.upstreams[verdict.service], down);
        return verdict.service;
      }
    }
  };
}
