/**
 * Every HTTP call of the product: method and path (`:id` params), one table for clients, services,
 * the gateway and tests. Spec §7 routes plus ours (marked) from decisions.md.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type ApiRoute = { readonly method: HttpMethod; readonly path: string };

const route = <M extends HttpMethod, P extends string>(method: M, path: P) => ({ method, path }) as const;

export const apiRoutes = {
  auth: {
    login: route('POST', '/api/auth/login'),
    signup: route('POST', '/api/auth/signup'),
    resendVerification: route('POST', '/api/resend-verification'),
    forgotPassword: route('POST', '/api/auth/forgot-password'),
    resetPassword: route('POST', '/api/auth/reset-password'),
    changePassword: route('POST', '/api/auth/change-password'),
    logout: route('POST', '/api/auth/logout'),
    /** Ours: ends every session of the user (decisions.md: sign-out ends only this browser's). */
    logoutEverywhere: route('POST', '/api/auth/logout-everywhere'),
    verifyEmail: route('GET', '/api/verify-email'),
    /** Ours: the session's user (the shell revalidates its local copy). */
    me: route('GET', '/api/auth/me'),
    /** Ours: public sign-in screen facts (support email, dev mailbox); auth/auth-settings.schema.ts. */
    settings: route('GET', '/api/auth/settings'),
    /** Ours: rotates the short-lived access token using the refresh cookie. */
    refresh: route('POST', '/api/auth/refresh'),
    /** Ours: signed single-use cross-domain handoff token (decisions.md). */
    handoffCreate: route('POST', '/api/auth/handoff'),
    handoffExchange: route('POST', '/api/auth/handoff/exchange'),
    /** Ours: the round trip through the host that made a handoff token (binds it to one browser). */
    handoffConfirm: route('GET', '/api/auth/handoff/confirm'),
    /** Ours: `auth_action=logout` with a logout handoff token of the signed-in user. */
    handoffLogout: route('POST', '/api/auth/handoff/logout'),
  },
  conversations: {
    list: route('GET', '/api/conversations'),
    archived: route('GET', '/api/conversations/archived'),
    create: route('POST', '/api/conversations'),
    update: route('PATCH', '/api/conversations/:id'),
    remove: route('DELETE', '/api/conversations/:id'),
    archive: route('POST', '/api/conversations/:id/archive'),
    unarchive: route('POST', '/api/conversations/:id/unarchive'),
    archiveAll: route('POST', '/api/conversations/archive-all'),
    messages: route('GET', '/api/conversations/:id/messages'),
    send: route('POST', '/api/conversations/:id/messages'),
    /** Ours: re-attach to a reply (SSE), stop it, retry it; the user's chat settings and usage. */
    messageStream: route('GET', '/api/conversations/:id/messages/:messageId/stream'),
    stopMessage: route('POST', '/api/conversations/:id/messages/:messageId/stop'),
    retryMessage: route('POST', '/api/conversations/:id/messages/:messageId/retry'),
    settings: route('GET', '/api/conversations/settings'),
    /** Ours: one conversation, for the header title on a deep link. */
    conversation: route('GET', '/api/conversations/:id'),
  },
  admin: {
    users: route('GET', '/api/admin/users'),
    updateUser: route('PATCH', '/api/admin/users/:id'),
    resetPassword: route('POST', '/api/admin/users/:id/reset-password'),
    resetUsage: route('POST', '/api/admin/users/:id/reset-usage'),
    updateUsage: route('PATCH', '/api/admin/users/:id/usage'),
    block: route('PATCH', '/api/admin/users/:id/block'),
    ban: route('POST', '/api/admin/users/:id/ban'),
    unban: route('POST', '/api/admin/users/:id/unban'),
    grantSupernoek: route('POST', '/api/admin/users/:id/grant-supernoek'),
    /** Ours: one user's audit history (admin/audit.schema.ts). */
    userAudit: route('GET', '/api/admin/users/:id/audit'),
    /** Ours: the most recent admin actions, newest first. */
    recentAudit: route('GET', '/api/admin/audit'),
  },
  subscription: {
    status: route('GET', '/api/subscription/status'),
    subscribe: route('POST', '/api/payment/subscribe'),
    cancel: route('POST', '/api/subscription/cancel'),
    reactivate: route('POST', '/api/subscription/reactivate'),
    /** Ours: the payment provider's webhook (raw body, signature checked). */
    webhook: route('POST', '/api/payment/webhook'),
    /** Ours: what the payment form needs (mode, publishable key, price); subscription.schema.ts. */
    config: route('GET', '/api/payment/config'),
    /** Ours, simulated payments only: pays the client secret's invoice with a test card. */
    testCardPay: route('POST', '/api/payment/test-card'),
    /** Ours, simulated payments only: completes (or fails) the simulated authentication step. */
    testCardAuthenticate: route('POST', '/api/payment/test-card/authenticate'),
  },
  /** Answered by the gateway itself. */
  version: route('GET', '/api/version'),
} as const;

/** Fills `:name` params: `routePath(apiRoutes.conversations.update, { id: 7 })` → '/api/conversations/7'. */
export function routePath(r: ApiRoute, params: Record<string, string | number> = {}): string {
  return r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route param "${name}" for ${r.path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The gateway's prefix → service map lives in gateway/routes.schema.ts (`apiRoutePrefixes`,
 * `serviceForApiPath`, `gatewayApiPaths`); routes.test.ts checks every route above against it.
 */
