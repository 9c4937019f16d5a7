import { z } from 'zod';

/** The four backend services the gateway proxies to. */
export const serviceNameSchema = z.enum(['auth', 'chat', 'billing', 'admin']);
export type ServiceName = z.infer<typeof serviceNameSchema>;

/**
 * Which service answers which `/api` path prefix (spec §7). A prefix matches the path itself and
 * everything below it (`/api/auth` matches `/api/auth/login`, not `/api/authx`). Services see the
 * full original path, so their routes are written with it.
 */
export const apiRoutePrefixes = [
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/verify-email', service: 'auth' },
  { prefix: '/api/resend-verification', service: 'auth' },
  { prefix: '/api/conversations', service: 'chat' },
  { prefix: '/api/shared', service: 'chat' },
  { prefix: '/api/subscription', service: 'billing' },
  { prefix: '/api/payment', service: 'billing' },
  { prefix: '/api/admin', service: 'admin' },
] as const satisfies readonly { prefix: `/api/${string}`; service: ServiceName }[];

/** Answered by the gateway itself, never proxied. */
export const gatewayApiPaths = {
  version: '/api/version',
  /** The OpenAPI 3.1 document generated from the contracts (api/openapi.ts). */
  openapi: '/api/openapi.json',
  /** The browsable API reference (Swagger UI, served from the gateway's own files) and its assets below. */
  docs: '/api/docs',
} as const;

/**
 * State-changing routes that are called by other servers, not browsers, and authenticate by
 * signature: exempt from the gateway's Origin check.
 */
export const originCheckExemptPaths = ['/api/payment/webhook'] as const;

/**
 * Routes whose body is a file (the raw bytes): the gateway streams them up to its IMPORT_MAX_BYTES instead
 * of MAX_BODY_BYTES, waits IMPORT_TIMEOUT_MS for the answer, and lets `application/zip` through besides JSON.
 * Every other rule (session, Origin check) is the same as for any write.
 */
export const fileUploadPaths = ['/api/conversations/import'] as const;

/**
 * Paths below these prefixes are public on a signed-in-only service: the gateway does not ask for a
 * session (a shared conversation opens for anyone holding its link; the service checks the link).
 */
export const sessionFreeApiPrefixes = ['/api/shared/'] as const;

export function isSessionFreeApiPath(path: string): boolean {
  return sessionFreeApiPrefixes.some((p) => path.startsWith(p));
}

/** The service that owns `path` (no query), or undefined when no prefix matches. */
export function serviceForApiPath(path: string): ServiceName | undefined {
  for (const { prefix, service } of apiRoutePrefixes) {
    if (path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47) /* / */) {
      return service;
    }
  }
  return undefined;
}

/**
 * A service's 503 that guarantees the request was not acted on at all (a replica draining for
 * shutdown refused it before any check or write). The gateway may then send it, body included, to
 * another replica of the service, whatever its method.
 */
export const NOT_ACCEPTED_HEADER = 'x-noek-not-accepted';
