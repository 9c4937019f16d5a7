import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCodes } from '@noek/contracts';
import type { Logger } from '@noek/service-kit';
import type { OwnAnswers } from '../http/own-answers';
import { isApiPath, splitTarget } from '../http/path-check';
import { requestIdOf } from '../http/request-id';
import type { DrainState } from '../ops/drain';
import { refusedAsNotLocal } from '../security/loopback-only';
import type { GatewayMetrics } from '../ops/metrics';

/** Answers one request below the top; returns the metrics target (a service, 'gateway' or 'static'). */
export type PathHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  requestId: string,
) => string;

export interface RequestHandlerOptions {
  logger: Logger;
  metrics: GatewayMetrics;
  answers: OwnAnswers;
  drain: DrainState;
  accessLog: boolean;
  handleApi: PathHandler;
  handleSite: PathHandler;
}

/**
 * The top of every request, as steps: a request id; in-flight bookkeeping; on close, metrics and the access
 * log; the target split and checked (400 when unsafe); /api to the API handler, the rest to the site handler.
 * A bug costs one request (500, or the connection when the answer had started), never the process.
 */
export function createRequestHandler(o: RequestHandlerOptions) {
  const { logger, metrics, answers, drain } = o;

  const finish = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    started: number,
    target: string,
  ) => {
    drain.inFlight -= 1;
    const seconds = (performance.now() - started) / 1000;
    metrics.observe(target, res.statusCode, seconds);
    if (o.accessLog) {
      logger.info(
        {
          requestId,
          method: req.method,
          url: req.url,
          status: res.statusCode,
          ms: Math.round(seconds * 1000),
          target,
        },
        'request',
      );
    }
    if (drain.inFlight === 0) drain.onIdle?.();
  };

  const dispatch = (req: IncomingMessage, res: ServerResponse, requestId: string): string => {
    const split = splitTarget(req.url ?? '');
    if (!split) return answers.refuse(res, requestId, 400, 'BAD_REQUEST', 'The request path is not valid.');
    // The dev mailbox answers only this machine, judged by the socket (security/loopback-only.ts).
    if (refusedAsNotLocal(req, split.path))
      return answers.refuse(res, requestId, 404, errorCodes.notFound, 'Not found.');
    return isApiPath(split.path)
      ? o.handleApi(req, res, split.path, requestId)
      : o.handleSite(req, res, split.path, requestId);
  };

  const crashed = (req: IncomingMessage, res: ServerResponse, requestId: string, err: unknown) => {
    logger.error({ err, requestId, url: req.url }, 'unhandled error in the gateway');
    if (res.headersSent) res.destroy();
    else
      answers.refuse(
        res,
        requestId,
        500,
        errorCodes.internal,
        'Something went wrong on our side. Please try again.',
      );
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    drain.inFlight += 1;
    let target = 'gateway';
    res.once('close', () => finish(req, res, requestId, started, target));
    try {
      target = dispatch(req, res, requestId);
    } catch (err) {
      crashed(req, res, requestId, err);
    }
  };
}
