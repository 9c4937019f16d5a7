import { randomUUID } from 'node:crypto';
import type { RequestHead } from './request-head';

/** The same rule the services apply: short and plain, so an id cannot inject into logs or headers. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's x-request-id when well-formed, else a fresh one. */
export function requestIdOf(req: RequestHead): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}
