import type { ServerResponse } from 'node:http';
import type { ErrorBody } from '@noek/contracts';

/** A small JSON answer from the gateway itself; never cached. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): void {
  if (res.headersSent) {
    // Too late for a status: cut the response so the client sees it as failed, not complete.
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  if (headers) for (const name in headers) res.setHeader(name, headers[name]!);
  res.end(res.req?.method === 'HEAD' ? undefined : text);
}

/** The shared error envelope (errorBodySchema) with the request id. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  requestId: string,
  headers?: Record<string, string>,
): void {
  const body: ErrorBody = { code, message, requestId };
  sendJson(res, status, body, headers);
}
