import type { RequestHandler } from 'express';
import { routePattern } from './route-pattern';
import './request-context';

const QUIET = new Set(['/healthz', '/readyz', '/metrics']);

/** One line per finished request; probes and scrapes are logged only at debug level. */
export function requestLogger(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = {
        method: req.method,
        path: req.path,
        route: routePattern(req),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        aborted: !res.writableFinished || undefined,
      };
      if (QUIET.has(req.path)) req.log.debug(line, 'request');
      else if (res.statusCode >= 500) req.log.error(line, 'request');
      else req.log.info(line, 'request');
    });
    next();
  };
}
