import {
  adminBanRequestSchema,
  adminBlockRequestSchema,
  adminUpdateUserRequestSchema,
  adminUpdateUsageRequestSchema,
} from './admin.schema';
import {
  authExpireGrantsResponseSchema,
  authGrantRequestSchema,
  authInternalRoutes,
  authUserListQuerySchema,
  authUserListResponseSchema,
  authUserRecordResponseSchema,
} from '../auth/internal-users.schema';
import {
  sessionBatchIntrospectionRequestSchema,
  sessionBatchIntrospectionResponseSchema,
  sessionBatchIntrospectionRoute,
  sessionIntrospectionResponseSchema,
  sessionIntrospectionRoute,
} from '../auth/session-introspection.schema';
import {
  chatUsageRoutes,
  feedbackCountsSchema,
  usageListQuerySchema,
  usageUserParamsSchema,
  userUsageListSchema,
  userUsageSchema,
} from '../chat/usage.schema';
import { tokenUsageQuerySchema, tokenUsageSchema } from '../chat/token-usage.schema';
import {
  adminProviderListSchema,
  adminProviderResponseSchema,
  chatProvidersRoutes,
  createProviderRequestSchema,
  deleteProviderResponseSchema,
  providerParamsSchema,
  updateProviderRequestSchema,
} from '../chat/providers-admin.schema';
import { userIdParamsSchema } from '../common/ids.schema';
import { adminResetPasswordResponseSchema } from './admin.schema';
import { bindRoutes } from './route-contract';
import type { ApiRoute } from './route-paths';

const authUser = { params: userIdParamsSchema, response: authUserRecordResponseSchema } as const;

/**
 * Routes outside `/api` (the gateway never forwards them), bound like apiRoutes (method and path where
 * each group is declared, schemas here):
 * - service-to-service calls under `/internal/...` (authenticated: the admin service's token, or for the
 *   session introspection the caller's own access token);
 * - the probes and metrics every service app answers (service-kit createServiceApp).
 * scripts/service-routes.api.test.ts checks each service registers exactly apiRoutes + these.
 */
export const internalRoutes = bindRoutes(
  {
    /** auth's user records and grants for the admin service (auth/internal-users.schema.ts). */
    authUsers: authInternalRoutes,
    /** auth's session check for a verifier whose revocation feed is stale (auth/session-introspection.schema.ts). */
    authSessions: { introspect: sessionIntrospectionRoute, introspectMany: sessionBatchIntrospectionRoute },
    /** chat's usage API for the admin service (chat/usage.schema.ts). */
    chatUsage: chatUsageRoutes,
    /** chat's stored model providers for the admin service (chat/providers-admin.schema.ts). */
    chatProviders: chatProvidersRoutes,
  },
  {
    authUsers: {
      list: { query: authUserListQuerySchema, response: authUserListResponseSchema },
      get: authUser,
      update: { ...authUser, body: adminUpdateUserRequestSchema },
      resetPassword: { params: userIdParamsSchema, response: adminResetPasswordResponseSchema },
      block: { ...authUser, body: adminBlockRequestSchema },
      ban: { ...authUser, body: adminBanRequestSchema },
      unban: authUser,
      grantSupernoek: { ...authUser, body: authGrantRequestSchema },
      expireGrants: { response: authExpireGrantsResponseSchema },
    },
    authSessions: {
      introspect: { response: sessionIntrospectionResponseSchema },
      introspectMany: {
        body: sessionBatchIntrospectionRequestSchema,
        response: sessionBatchIntrospectionResponseSchema,
      },
    },
    chatUsage: {
      list: { query: usageListQuerySchema, response: userUsageListSchema },
      update: {
        params: usageUserParamsSchema,
        body: adminUpdateUsageRequestSchema,
        response: userUsageSchema,
      },
      reset: { params: usageUserParamsSchema, response: userUsageSchema },
      feedback: { response: feedbackCountsSchema },
      tokens: { params: usageUserParamsSchema, query: tokenUsageQuerySchema, response: tokenUsageSchema },
    },
    chatProviders: {
      list: { response: adminProviderListSchema },
      create: { body: createProviderRequestSchema, response: adminProviderResponseSchema, status: 201 },
      update: {
        params: providerParamsSchema,
        body: updateProviderRequestSchema,
        response: adminProviderResponseSchema,
      },
      remove: { params: providerParamsSchema, response: deleteProviderResponseSchema },
    },
  },
);

/** Answered by every service app (liveness, readiness, Prometheus metrics). */
export const opsRoutes = [
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/metrics' },
] as const satisfies readonly ApiRoute[];
