import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCodes } from '@noek/contracts';
import type { Logger } from '@noek/service-kit';
import type { OwnAnswers } from '../http/own-answers';
import { isApiPath, splitTarget } from '../http/path-check';
import { newRequestId } from '../http/request-id';
import { onSocketClose } from '../http/socket-close';
import type { RequestRecorder } from '../ops/request-record';
import { refusedAsNotLocal } from '../security/loopback-only';
import { framingRefusal } from '../security/request-framing';

/** Connections whose last request read is answered with Connection: close. */
const closing = new WeakSet<object>();

/** Answers one request below the top; returns the metrics target (a service, 'gateway' or 'static'). */
export type PathHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  requestId: string,
) => string;

export interface RequestHandlerOptions {
  logger: Logger;
  recorder: RequestRecorder;
  answers: OwnAnswers;
  handleApi: PathHandler;
  handleSite: PathHandler;
  /** The gateway is stopping: every answer says Connection: close. */
  isDraining(): boolean;
}

/**
 * The top of every request node:http serves, as steps: a request id (always the gateway's own); in-flight
 * bookkeeping; on close, metrics and the access log; framing nginx would refuse answered 400 (or 431) and
 * the connection closed, before anything is read on or forwarded (security/request-framing.ts); the target
 * split and checked (400 when unsafe); /api to the API handler, the rest to the site handler. A bug costs
 * one request (500, or the connection when the answer had started), never the process.
 */
export function createRequestHandler(o: RequestHandlerOptions) {
  const { logger, recorder, answers } = o;

  const dispatch = (req: IncomingMessage, res: ServerResponse, requestId: string): string => {
    const refused = framingRefusal(req);
    if (refused)
      return answers.refuse(res, requestId, refused.status, 'BAD_REQUEST', refused.message, {
        Connection: 'close',
      });
    if (o.isDraining()) res.setHeader('Connection', 'close');
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
    // A request pipelined behind one answered with Connection: close is never acted on (nginx neither):
    // node:http parsed it from the same read, but the connection ends with the answer before it.
    if (closing.has(req.socket)) return;
    const started = recorder.begin();
    const requestId = newRequestId();
    let target = 'gateway';
    const { socket } = req;
    let over = false;
    const done = () => {
      if (over) return;
      over = true;
      forget();
      recorder.end(req.method, req.url, res.headersSent ? res.statusCode : 499, started, target, requestId);
    };
    res.once('close', done);
    // A response queued behind another on a pipelined connection is never closed by node:http when the
    // connection goes: the socket's close ends it (else stop() would wait the whole grace period for it).
    const forget = onSocketClose(socket, done);
    try {
      target = dispatch(req, res, requestId);
    } catch (err) {
      crashed(req, res, requestId, err);
    }
    if (!res.shouldKeepAlive || res.getHeader('connection') === 'close') closing.add(socket);
  };
}
