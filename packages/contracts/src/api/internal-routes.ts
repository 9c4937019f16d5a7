import { chatUsageRoutes } from '../chat/usage.schema';
import type { ApiRoute } from './routes';

/**
 * Routes outside `/api` (the gateway never forwards them), declared once like apiRoutes:
 * - service-to-service calls under `/internal/...` (authenticated: the acting admin's access token);
 * - the probes and metrics every service app answers (service-kit createServiceApp).
 * scripts/service-routes.api.test.ts checks each service registers exactly apiRoutes + these.
 */
export const internalRoutes = {
  /** auth's user records for the admin service (auth/internal-users.schema.ts). */
  authUsers: {
    list: { method: 'GET', path: '/internal/auth/users' },
    update: { method: 'PATCH', path: '/internal/auth/users/:id' },
    resetPassword: { method: 'POST', path: '/internal/auth/users/:id/reset-password' },
    block: { method: 'PATCH', path: '/internal/auth/users/:id/block' },
    ban: { method: 'POST', path: '/internal/auth/users/:id/ban' },
    unban: { method: 'POST', path: '/internal/auth/users/:id/unban' },
  },
  /** chat's usage API for the admin service (chat/usage.schema.ts). */
  chatUsage: chatUsageRoutes,
} as const satisfies Record<string, Record<string, ApiRoute>>;

/** Answered by every service app (liveness, readiness, Prometheus metrics). */
export const opsRoutes = [
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/metrics' },
] as const satisfies readonly ApiRoute[];
