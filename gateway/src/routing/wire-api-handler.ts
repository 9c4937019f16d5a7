import { proxyRequest, type ProxyContext } from '../proxy/proxy.handler';
import type { Upstreams } from '../proxy/upstreams';
import type { WireRequest } from '../wire/wire-request';
import type { ApiDecision } from './api-decision';

export interface WireApiHandlerOptions {
  decide: ApiDecision;
  upstreams: Upstreams;
  proxyContext: ProxyContext;
  version: string;
}

/**
 * /api on a wire connection: the same checks as node:http's path (routing/api-decision.ts), the verdict
 * rendered by the wire request: the gateway's own answer, or the proxy.
 */
export function createWireApiHandler(o: WireApiHandlerOptions) {
  const versionJson = JSON.stringify({ version: o.version });
  return (req: WireRequest, path: string): void => {
    const verdict = o.decide(req.head, path);
    switch (verdict.kind) {
      case 'refuse':
        req.refuse(verdict.status, verdict.code, verdict.message, verdict.headers);
        return;
      case 'version':
        req.answerJson(200, versionJson);
        return;
      case 'proxy':
        req.clientIp = verdict.clientIp;
        req.target = verdict.service;
        proxyRequest(o.proxyContext, o.upstreams[verdict.service], req);
        return;
    }
  };
}
