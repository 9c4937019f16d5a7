import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { errorCodes, type ErrorBody, type ErrorCode } from '@noek/contracts';
import { isDatabaseShortOfResources, isDatabaseUnavailable } from './database-errors';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  DomainError,
  ServiceUnavailableError,
} from './domain-error';
import '../http/request-context';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** body-parser / raw-body errors carry a `type`; map the ones a client causes to clear 4xx answers. */
function fromBodyParser(err: unknown): DomainError | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { type } = err as { type?: unknown };
  switch (type) {
    case 'entity.parse.failed':
      return new DomainError(errorCodes.malformedJson, 400, 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new DomainError(errorCodes.payloadTooLarge, 413, 'The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new DomainError(
        errorCodes.unsupportedMediaType,
        415,
        'The request body encoding is not supported.',
      );
    case 'request.aborted':
    case 'request.size.invalid':
      return new DomainError(errorCodes.badRequest, 400, 'The request body was incomplete.');
    default:
      return fromClientStatus(err);
  }
}

const CLIENT_ERRORS: Record<number, [ErrorCode, string]> = {
  400: [errorCodes.badRequest, 'The request is not valid.'],
  404: [errorCodes.notFound, 'Not found.'],
  405: [errorCodes.methodNotAllowed, 'This method is not allowed here.'],
  413: [errorCodes.payloadTooLarge, 'The request body is too large.'],
  415: [errorCodes.unsupportedMediaType, 'The request body encoding is not supported.'],
};

/**
 * Errors from Express itself and its parsers (a bad %-escape in a path parameter, a corrupt gzip body)
 * carry a 4xx `status`: the client's fault, answered with that status and a generic message. Only
 * http-errors (`expose: true`) and the router's URIError qualify: an SDK error with `status: 401` from
 * an upstream call (model API, Stripe) is our problem, not the client's, and stays a 500.
 */
function fromClientStatus(err: object): DomainError | undefined {
  const { status, statusCode, expose } = err as { status?: unknown; statusCode?: unknown; expose?: unknown };
  if (expose !== true && !(err instanceof URIError)) return undefined;
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || code < 400 || code > 499) return undefined;
  const [name, message] = CLIENT_ERRORS[code] ?? CLIENT_ERRORS[400]!;
  return new DomainError(name, CLIENT_ERRORS[code] ? code : 400, message);
}

/**
 * A database that cannot be reached (down, restarting, failing over, connection lost) or is out of a
 * resource (disk full, out of memory, too many connections) is a passing condition: 503 with
 * Retry-After, so clients and the gateway try again instead of showing an internal error.
 */
function fromDatabase(err: unknown, logger: Logger): DomainError | undefined {
  if (isDatabaseShortOfResources(err)) {
    logger.warn({ err }, 'database short of resources');
    return new ServiceUnavailableError(DATABASE_BUSY_MESSAGE, errorCodes.serviceUnavailable, 10);
  }
  if (!isDatabaseUnavailable(err)) return undefined;
  logger.warn({ err }, 'database unavailable');
  return new ServiceUnavailableError(DATABASE_UNAVAILABLE_MESSAGE, errorCodes.serviceUnavailable, 5);
}

function send(res: Response, status: number, body: ErrorBody, headers?: Record<string, string>): void {
  if (headers) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.status(status).json(body);
}

/**
 * The one error handler: DomainErrors are rendered as they are, body-parser errors mapped,
 * everything else logged with its stack and answered 500 without internals.
 */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      // A stream already started: nothing sensible to send, so end it and let the log tell.
      (req.log ?? logger).error({ err, requestId: req.id }, 'error after response started');
      next(err);
      return;
    }
    const known =
      err instanceof DomainError ? err : (fromBodyParser(err) ?? fromDatabase(err, req.log ?? logger));
    if (known) {
      const body: ErrorBody = {
        ...known.details,
        code: known.code,
        message: known.message,
        requestId: req.id,
      };
      if (known.fields) body.fields = known.fields;
      send(res, known.status, body, known.headers);
      return;
    }
    (req.log ?? logger).error(
      { err, requestId: req.id, method: req.method, path: req.path },
      'unhandled error',
    );
    send(res, 500, { code: errorCodes.internal, message: INTERNAL_MESSAGE, requestId: req.id });
  };
}

/** Unknown routes: a JSON 404 naming the method and path. */
export const notFoundHandler: RequestHandler = (req, res) => {
  const body: ErrorBody = {
    code: errorCodes.notFound,
    message: `No route for ${req.method} ${req.path}.`,
    requestId: req.id,
  };
  res.status(404).json(body);
};
