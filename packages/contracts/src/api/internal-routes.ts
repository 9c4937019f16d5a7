import { authInternalRoutes } from '../auth/internal-users.schema';
import { sessionIntrospectionRoute } from '../auth/session-introspection.schema';
import { chatUsageRoutes } from '../chat/usage.schema';
import type { ApiRoute } from './routes';

/**
 * Routes outside `/api` (the gateway never forwards them), declared once like apiRoutes:
 * - service-to-service calls under `/internal/...` (authenticated: the admin service's token, or for the
 *   session introspection the caller's own access token);
 * - the probes and metrics every service app answers (service-kit createServiceApp).
 * scripts/service-routes.api.test.ts checks each service registers exactly apiRoutes + these.
 */
export const internalRoutes = {
  /** auth's user records and grants for the admin service (auth/internal-users.schema.ts). */
  authUsers: authInternalRoutes,
  /** auth's session check for a verifier whose revocation feed is stale (auth/session-introspection.schema.ts). */
  authSessions: { introspect: sessionIntrospectionRoute },
  /** chat's usage API for the admin service (chat/usage.schema.ts). */
  chatUsage: chatUsageRoutes,
} as const satisfies Record<string, Record<string, ApiRoute>>;

/** Answered by every service app (liveness, readiness, Prometheus metrics). */
export const opsRoutes = [
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/metrics' },
] as const satisfies readonly ApiRoute[];
