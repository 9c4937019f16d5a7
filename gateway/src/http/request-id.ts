import { randomUUID } from 'node:crypto';
import type { RequestHead } from './request-head';

/** The same rule the services apply: short and plain, so an id cannot inject into logs or headers. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

let prefix = '';
let counter = 0;
/** Ids before the random part is drawn again (the counter fills the UUID's last 12 hex digits). */
const COUNTER_LIMIT = 0xffffffffffff;

/**
 * A fresh id, shaped like a UUID: the first 24 characters of a random UUID, drawn once per process (and
 * again every 2^48 ids), then a counter. Unique across processes and restarts; not secret, and need not
 * be: a request id only ties log lines together. randomUUID per request cost a microsecond per request.
 */
export function newRequestId(): string {
  if (counter === 0 || counter >= COUNTER_LIMIT) {
    prefix = randomUUID().slice(0, 24);
    counter = 0;
  }
  counter += 1;
  return prefix + counter.toString(16).padStart(12, '0');
}

/** The client's x-request-id when well-formed, else a fresh one. */
export function requestIdOf(req: RequestHead): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : newRequestId();
}
