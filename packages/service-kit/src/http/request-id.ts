import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import './request-context';

/** Ids from the gateway are trusted only if short and plain, so they cannot inject into logs or headers. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    req.log = logger.child({ requestId: id });
    res.setHeader('x-request-id', id);
    next();
  };
}
