import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { errorCodes } from '@noek/contracts';
import { DomainError, ValidationError, type ErrorFields } from '../errors/domain-error';

/** Zod schemas for the parts of a request a route reads. */
export interface RequestSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
/** The parsed values, typed from the schemas. */
export type Valid<S extends RequestSchemas> = {
  body: Out<S['body']>;
  query: Out<S['query']>;
  params: Out<S['params']>;
};

/** path -> messages; the root of a part is named after the part ("body"). */
function toFields(part: string, error: z.ZodError, into: ErrorFields): void {
  for (const issue of error.issues) {
    const path = [part, ...issue.path.map(String)].join('.');
    (into[path] ??= []).push(issue.message);
  }
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Parses the request against the schemas; throws ValidationError (400) or 415 for a non-JSON body. */
export function parseRequest<S extends RequestSchemas>(schemas: S, req: Request): Valid<S> {
  if (schemas.body && req.body === undefined && hasBody(req)) {
    // express.json() skips bodies whose content type is not JSON; say so instead of "body required".
    throw new DomainError(errorCodes.unsupportedMediaType, 415, 'Send the request body as application/json.');
  }
  const fields: ErrorFields = {};
  const out: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemas[part];
    if (!schema) continue;
    const result = schema.safeParse(req[part]);
    if (result.success) out[part] = result.data;
    else toFields(part, result.error, fields);
  }
  if (Object.keys(fields).length > 0) throw new ValidationError('Some fields are not valid.', fields);
  return out as Valid<S>;
}

export type RouteHandler<S extends RequestSchemas> = (
  input: Valid<S>,
  req: Request,
  res: Response,
) => unknown | Promise<unknown>;

/**
 * Validates, then calls the handler with typed input. If the handler returns a value and has not
 * answered yet, the value is sent as JSON (200), so simple handlers stay one expression.
 */
export function route<S extends RequestSchemas>(schemas: S, handler: RouteHandler<S>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const input = parseRequest(schemas, req);
      const result = await handler(input, req, res);
      if (result !== undefined && !res.headersSent) res.json(result);
    } catch (err) {
      next(err);
    }
  };
}
