/*
 * Recognising what the database said, through Prisma's driver adapters (pg for PostgreSQL, PGlite),
 * without importing Prisma here: errors are matched by their codes and the adapter's `cause.kind`.
 */

/** Prisma codes for "cannot talk to the database right now". */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** Driver adapter kinds for the same. */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout']);
/**
 * PostgreSQL SQLSTATEs: admin/crash shutdown, cannot connect now (starting or stopping), connection
 * failures.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
/**
 * SQLSTATE class 53, insufficient resources: disk full (53100), out of memory (53200), too many
 * connections (53300), configuration limit exceeded (53400). Passing conditions, like an outage: the
 * statement did nothing, and the same request can succeed once space, memory or a connection is free.
 */
const RESOURCES_CLASS = /^53[0-9A-Z]{3}$/;
/**
 * Prisma P2028, its transaction API error: a transaction could not start before its wait ran out (every
 * connection busy) or ran past its timeout and was rolled back. Nothing was committed, and the same request
 * can succeed when the database is less busy.
 */
const TRANSACTION_TIMED_OUT = 'P2028';
/** node-postgres messages that carry no code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection ended unexpectedly|Client has encountered a connection error|timeout exceeded when trying to connect/i;

type Info = { code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown };

/** The error, its causes and the adapter error Prisma wraps, outermost first (bounded). */
function* chain(err: unknown): Generator<Info> {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const e = current as Info & { cause?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } };
    yield e;
    const adapter = e.meta?.driverAdapterError?.cause;
    if (typeof adapter === 'object' && adapter !== null) yield adapter as Info;
    current = e.cause;
  }
}

/** True when `err` means the database could not be reached (down, restarting, connection lost). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (
      typeof e.code === 'string' &&
      (UNAVAILABLE_PRISMA_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code))
    )
      return true;
    if (typeof e.kind === 'string' && UNAVAILABLE_KINDS.has(e.kind)) return true;
    if (typeof e.originalCode === 'string' && UNAVAILABLE_SQLSTATES.has(e.originalCode)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** True when the database answered that it is out of a resource (SQLSTATE class 53), or too busy to start a transaction. */
export function isDatabaseShortOfResources(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && RESOURCES_CLASS.test(e.code)) return true;
    if (typeof e.originalCode === 'string' && RESOURCES_CLASS.test(e.originalCode)) return true;
    if (e.kind === 'TooManyConnections' || e.code === TRANSACTION_TIMED_OUT) return true;
  }
  return false;
}

/** True when `err` is a unique constraint violation (Prisma P2002, or SQLSTATE 23505 from raw SQL). */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.code === 'P2002' || e.code === '23505' || e.originalCode === '23505') return true;
    if (e.kind === 'UniqueConstraintViolation') return true;
  }
  return false;
}
