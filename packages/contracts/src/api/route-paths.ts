/**
 * Every HTTP call of the product: method and path (`:id` params), written once. Zod-free (subpath
 * `@noek/contracts/route-paths`) so a first screen can name a path without evaluating any schema;
 * routes.ts binds each entry to its params, query, body and answer schemas (`apiRoutes`), which is what
 * services, the browser client, the OpenAPI document and tests use. Spec §7 routes plus ours (marked)
 * from decisions.md.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type ApiRoute = { readonly method: HttpMethod; readonly path: string };

const route = <M extends HttpMethod, P extends string>(method: M, path: P) => ({ method, path }) as const;

export const apiPaths = {
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
    /** Ours: the message tree (conversations.schema.ts): edit, regenerate, show another branch. */
    editMessage: route('POST', '/api/conversations/:id/messages/:messageId/edit'),
    regenerateMessage: route('POST', '/api/conversations/:id/messages/:messageId/regenerate'),
    switchBranch: route('POST', '/api/conversations/:id/messages/:messageId/branch'),
    /** Ours: feedback on a reply, and 'Continue in a new chat' from a message. */
    messageFeedback: route('POST', '/api/conversations/:id/messages/:messageId/feedback'),
    forkConversation: route('POST', '/api/conversations/:id/messages/:messageId/fork'),
    /** Ours: a stopped reply goes on from where it stopped. */
    continueMessage: route('POST', '/api/conversations/:id/messages/:messageId/continue'),
    /** Ours: the user's custom instructions and a conversation's system prompt. */
    instructions: route('GET', '/api/conversations/instructions'),
    updateInstructions: route('PATCH', '/api/conversations/instructions'),
    systemPrompt: route('PATCH', '/api/conversations/:id/system-prompt'),
    settings: route('GET', '/api/conversations/settings'),
    /** Ours: the models a user may pick, from the providers' cached lists (chat/models.schema.ts). */
    models: route('GET', '/api/conversations/models'),
    /** Ours: the model of one conversation (and the user's default from then on). */
    pickModel: route('PATCH', '/api/conversations/:id/model'),
    /** Ours: the tokens the user's replies cost, per model and day (chat/token-usage.schema.ts). */
    tokens: route('GET', '/api/conversations/tokens'),
    /** Ours: one conversation, for the header title on a deep link. */
    conversation: route('GET', '/api/conversations/:id'),
    /** Ours: full-text search over titles and messages (chat/search.schema.ts). */
    search: route('GET', '/api/conversations/search'),
    /** Ours: open a search match, switching the path shown to the branch that holds it. */
    showMessage: route('POST', '/api/conversations/:id/messages/:messageId/show'),
    /** Ours: pinned conversations, pin, unpin, reorder (chat/pins.schema.ts). */
    pins: route('GET', '/api/conversations/pins'),
    pin: route('POST', '/api/conversations/:id/pin'),
    unpin: route('DELETE', '/api/conversations/:id/pin'),
    reorderPins: route('PATCH', '/api/conversations/pins'),
    /** Ours: public links to a snapshot (chat/share.schema.ts): create, list, revoke. */
    createShare: route('POST', '/api/conversations/:id/shares'),
    shares: route('GET', '/api/conversations/shares'),
    revokeShare: route('DELETE', '/api/conversations/shares/:shareId'),
    /** Ours: downloads (chat/export.schema.ts): one conversation as JSON or Markdown, the account as a zip. */
    exportConversation: route('GET', '/api/conversations/:id/export'),
    exportAccount: route('GET', '/api/conversations/export'),
    /** Ours: Noek JSON or ChatGPT's conversations.json as the raw body (chat/import.schema.ts). */
    importConversations: route('POST', '/api/conversations/import'),
  },
  /** Ours: a shared snapshot, read without signing in. */
  shared: {
    view: route('GET', '/api/shared/:shareId'),
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
    /** Ours: one user's tokens per model and day, as chat stores them (chat/token-usage.schema.ts). */
    userTokens: route('GET', '/api/admin/users/:id/tokens'),
    /** Ours: the most recent admin actions, newest first. */
    recentAudit: route('GET', '/api/admin/audit'),
    /** Ours: the overview's series for a range (admin-overview.schema.ts). */
    overview: route('GET', '/api/admin/overview'),
    /** Ours: the same series as CSV (one row per day, one column per series). */
    overviewCsv: route('GET', '/api/admin/overview.csv'),
    /** Ours: thumbs up/down on replies per model, from chat's feedback events (chat/usage.schema.ts). */
    feedback: route('GET', '/api/admin/feedback'),
    /** Ours: every plan's limits (plan-settings.schema.ts). */
    plans: route('GET', '/api/admin/plans'),
    /** Ours: replaces one plan's limits (audited; chat applies them at once). */
    updatePlan: route('PATCH', '/api/admin/plans/:level'),
    /** Ours: model providers stored by chat, keys encrypted (chat/providers-admin.schema.ts). */
    providers: route('GET', '/api/admin/providers'),
    createProvider: route('POST', '/api/admin/providers'),
    updateProvider: route('PATCH', '/api/admin/providers/:providerId'),
    deleteProvider: route('DELETE', '/api/admin/providers/:providerId'),
    /** Ours: whether public share links work (sharing-settings.schema.ts). */
    sharing: route('GET', '/api/admin/settings/sharing'),
    /** Ours: turns public share links on or off (audited; chat applies it at once). */
    updateSharing: route('PATCH', '/api/admin/settings/sharing'),
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

/** Fills `:name` params: `routePath(apiPaths.conversations.update, { id: 7 })` → '/api/conversations/7'. */
export function routePath(r: ApiRoute, params: Record<string, string | number> = {}): string {
  return r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route param "${name}" for ${r.path}`);
    return encodeURIComponent(String(value));
  });
}
