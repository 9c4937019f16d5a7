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
  { prefix: '/api/subscription', service: 'billing' },
  { prefix: '/api/payment', service: 'billing' },
  { prefix: '/api/admin', service: 'admin' },
] as const satisfies readonly { prefix: `/api/${string}`; service: ServiceName }[];

/** Answered by the gateway itself, never proxied. */
export const gatewayApiPaths = { version: '/api/version' } as const;

/**
 * State-changing routes that are called by other servers, not browsers, and authenticate by
 * signature: exempt from the gateway's Origin check.
 */
export const originCheckExemptPaths = ['/api/payment/webhook'] as const;

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
