import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCodes, type RemotesManifest, type ShellConfig } from '@noek/contracts';
import { clientAddress } from '../http/client-address';
import { sendError, sendJson } from '../http/json-response';
import type { OwnAnswers } from '../http/own-answers';
import type { GatewayMetrics } from '../ops/metrics';
import { isInternalAddress } from '../ops/probes';

export interface SiteHandlerOptions {
  answers: OwnAnswers;
  trustProxyHops: number;
  metrics: GatewayMetrics;
  openStreams(): number;
  isDraining(): boolean;
  /** Dependencies down that the gateway serves without (NATS: 'events'), named by /healthz. */
  degraded(): string[];
  remotesManifest: RemotesManifest;
  shellConfig: ShellConfig;
  /** The static site, or undefined when SERVE_STATIC is off. */
  staticSite?: (req: IncomingMessage, res: ServerResponse, path: string, requestId: string) => void;
}

/** Everything outside /api: probes, metrics, the two JSON documents the shell reads, then files. */
export function createSiteHandler(o: SiteHandlerOptions) {
  const sendMetrics = (res: ServerResponse, requestId: string) => {
    o.metrics.setOpenStreams(o.openStreams());
    o.metrics.registry.metrics().then(
      (text) => {
        res.setHeader('Content-Type', o.metrics.registry.contentType);
        res.end(text);
      },
      () => sendError(res, 500, errorCodes.internal, 'Metrics are unavailable.', requestId),
    );
  };

  return (req: IncomingMessage, res: ServerResponse, path: string, requestId: string): string => {
    o.answers.prepare(res, requestId);
    switch (path) {
      case '/healthz': {
        // Liveness: always 200 (a restart brings no dependency back); the body names a partial outage.
        const degraded = o.degraded();
        sendJson(res, 200, degraded.length === 0 ? { status: 'ok' } : { status: 'degraded', degraded });
        return 'gateway';
      }
      case '/readyz':
        sendJson(res, o.isDraining() ? 503 : 200, { status: o.isDraining() ? 'shutting_down' : 'ready' });
        return 'gateway';
      case '/metrics':
        // Prometheus scrapes from inside; the public side of the gateway does not see the numbers.
        if (isInternalAddress(clientAddress(req, o.trustProxyHops))) sendMetrics(res, requestId);
        else sendError(res, 404, errorCodes.notFound, 'Not found.', requestId);
        return 'gateway';
      case '/remotes-manifest.json':
        sendJson(res, 200, o.remotesManifest);
        return 'gateway';
      case '/config.json':
        sendJson(res, 200, o.shellConfig);
        return 'gateway';
    }
    if (!o.staticSite) {
      sendError(res, 404, errorCodes.notFound, 'Not found.', requestId);
      return 'gateway';
    }
    o.staticSite(req, res, path, requestId);
    return 'static';
  };
}
