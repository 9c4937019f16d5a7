import { authSettingsResponseSchema } from '../auth/auth-settings.schema';
import { handoffCreateRequestSchema } from '../auth/handoff-request.schema';
import { messageParamsSchema, chatSettingsSchema } from '../chat/chat-api.schema';
import { streamEventSchema } from '../chat/stream.schema';
import { modelListSchema, pickModelRequestSchema } from '../chat/models.schema';
import {
  adminProviderListSchema,
  adminProviderResponseSchema,
  createProviderRequestSchema,
  deleteProviderResponseSchema,
  providerParamsSchema,
  updateProviderRequestSchema,
} from '../chat/providers-admin.schema';
import { tokenUsageQuerySchema, tokenUsageSchema } from '../chat/token-usage.schema';
import { feedbackCountsSchema } from '../chat/usage.schema';
import { conversationIdParamsSchema, messageResponseSchema, userIdParamsSchema } from '../common/ids.schema';
import { pageQuerySchema } from '../common/paging.schema';
import { messageSchema } from '../entities/message.schema';
import { versionQuerySchema, versionResponseSchema } from '../entities/version.schema';
import {
  adminBanRequestSchema,
  adminBlockRequestSchema,
  adminGrantSupernoekRequestSchema,
  adminResetPasswordResponseSchema,
  adminUpdateUsageRequestSchema,
  adminUpdateUserRequestSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  auditListResponseSchema,
  auditQuerySchema,
} from './admin.schema';
import { overviewQuerySchema, overviewResponseSchema } from './admin-overview.schema';
import {
  planLevelParamsSchema,
  planSettingsListResponseSchema,
  planSettingsResponseSchema,
  updatePlanRequestSchema,
} from './plan-settings.schema';
import { sharingSettingResponseSchema, updateSharingRequestSchema } from './sharing-settings.schema';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  handoffConfirmQuerySchema,
  handoffCreateResponseSchema,
  handoffExchangeRequestSchema,
  handoffExchangeResponseSchema,
  handoffLogoutRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
} from './auth.schema';
import {
  archiveAllResponseSchema,
  continueMessageRequestSchema,
  continueMessageResponseSchema,
  conversationListResponseSchema,
  conversationResponseSchema,
  createConversationRequestSchema,
  customInstructionsResponseSchema,
  customInstructionsSchema,
  editMessageRequestSchema,
  editMessageResponseSchema,
  forkConversationRequestSchema,
  forkConversationResponseSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  regenerateMessageRequestSchema,
  regenerateMessageResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  setFeedbackRequestSchema,
  setFeedbackResponseSchema,
  switchBranchRequestSchema,
  systemPromptRequestSchema,
  systemPromptResponseSchema,
  updateConversationRequestSchema,
} from './conversations.schema';
import { bindRoutes } from './route-contract';
import { exportFormatQuerySchema } from '../chat/export.schema';
import { importEventSchema, importResponseSchema } from '../chat/import.schema';
import { pinnedListResponseSchema, reorderPinsRequestSchema } from '../chat/pins.schema';
import { searchQuerySchema, searchResponseSchema } from '../chat/search.schema';
import {
  createShareRequestSchema,
  sharedConversationSchema,
  shareIdParamsSchema,
  shareLinkListResponseSchema,
  shareLinkSchema,
} from '../chat/share.schema';
import { apiPaths } from './route-paths';
import {
  cancelSubscriptionResponseSchema,
  paymentConfigSchema,
  reactivateSubscriptionResponseSchema,
  subscribeResponseSchema,
  subscriptionStatusResponseSchema,
  testCardAuthenticateRequestSchema,
  testCardPayRequestSchema,
  testCardPayResponseSchema,
  webhookResponseSchema,
} from './subscription.schema';

export { apiPaths, routePath, type ApiRoute, type HttpMethod } from './route-paths';

const conversation = { params: conversationIdParamsSchema, response: conversationResponseSchema } as const;
const adminUser = { params: userIdParamsSchema, response: adminUserResponseSchema } as const;
const replyStream = { params: messageParamsSchema, answer: 'stream', events: streamEventSchema } as const;

/**
 * Every HTTP call of the product under /api, each entry bound both ways: method and path (route-paths.ts),
 * params, query, body and the answer. Services register routes from these entries (service-kit
 * `contractRoute`), the browser calls them (`@noek/ui` `api`), the gateway publishes them as OpenAPI
 * (`/api/openapi.json`). Spec §7 routes plus ours (route-paths.ts says which).
 */
export const apiRoutes = bindRoutes(apiPaths, {
  auth: {
    login: { summary: 'Sign in', body: loginRequestSchema, response: loginResponseSchema },
    signup: {
      summary: 'Create an account',
      body: signupRequestSchema,
      response: signupResponseSchema,
      status: 201,
    },
    resendVerification: {
      summary: 'Send the verification email again',
      body: resendVerificationRequestSchema,
      response: messageResponseSchema,
    },
    forgotPassword: {
      summary: 'Send a password reset link',
      body: forgotPasswordRequestSchema,
      response: messageResponseSchema,
    },
    resetPassword: {
      summary: 'Set a new password with a reset token',
      body: resetPasswordRequestSchema,
      response: messageResponseSchema,
    },
    changePassword: {
      summary: 'Change the password (signed in)',
      body: changePasswordRequestSchema,
      response: messageResponseSchema,
    },
    logout: { summary: 'Sign out this browser', response: messageResponseSchema },
    logoutEverywhere: { summary: 'Sign out every session', response: messageResponseSchema },
    verifyEmail: {
      summary: 'Verify an email address',
      query: verifyEmailQuerySchema,
      response: verifyEmailResponseSchema,
    },
    me: { summary: "The session's user", response: meResponseSchema },
    settings: { summary: 'Public sign-in facts', response: authSettingsResponseSchema },
    refresh: { summary: 'Renew the access token', response: sessionResponseSchema },
    handoffCreate: {
      summary: 'Make a cross-site handoff token',
      body: handoffCreateRequestSchema,
      response: handoffCreateResponseSchema,
    },
    handoffExchange: {
      summary: 'Exchange a handoff token',
      body: handoffExchangeRequestSchema,
      response: handoffExchangeResponseSchema,
    },
    handoffConfirm: {
      summary: 'Confirm a handoff in the browser that made it (303 back)',
      query: handoffConfirmQuerySchema,
      answer: 'redirect',
    },
    handoffLogout: {
      summary: 'Sign out with a logout handoff token',
      body: handoffLogoutRequestSchema,
      response: messageResponseSchema,
    },
  },
  conversations: {
    list: {
      summary: 'Active conversations',
      query: pageQuerySchema,
      response: conversationListResponseSchema,
    },
    archived: {
      summary: 'Archived conversations',
      query: pageQuerySchema,
      response: conversationListResponseSchema,
    },
    create: {
      summary: 'Start a conversation',
      body: createConversationRequestSchema,
      response: conversationResponseSchema,
      status: 201,
    },
    update: { summary: 'Rename a conversation', ...conversation, body: updateConversationRequestSchema },
    remove: { summary: 'Delete a conversation', params: conversationIdParamsSchema, answer: 'empty' },
    archive: { summary: 'Archive a conversation', ...conversation },
    unarchive: { summary: 'Restore an archived conversation', ...conversation },
    archiveAll: { summary: 'Archive every conversation', response: archiveAllResponseSchema },
    messages: {
      summary: "The conversation's current path (paged from its end), oldest first",
      params: conversationIdParamsSchema,
      query: messageListQuerySchema,
      response: messageListResponseSchema,
    },
    send: {
      summary: 'Send a message (JSON, or the reply as an event stream with Accept: text/event-stream)',
      params: conversationIdParamsSchema,
      body: sendMessageRequestSchema,
      response: sendMessageResponseSchema,
      answer: 'stream',
      events: streamEventSchema,
    },
    messageStream: { summary: 'Re-attach to a reply (event stream)', ...replyStream },
    stopMessage: { summary: 'Stop a reply', params: messageParamsSchema, response: messageSchema },
    retryMessage: {
      summary: 'Generate a failed or stopped reply again (no new user message: userMessage is null)',
      ...replyStream,
      response: regenerateMessageResponseSchema,
    },
    editMessage: {
      summary: 'Edit a message of yours: a sibling message and a new reply (JSON or event stream)',
      ...replyStream,
      body: editMessageRequestSchema,
      response: editMessageResponseSchema,
    },
    regenerateMessage: {
      summary: 'A new sibling reply to the same message (JSON or event stream)',
      ...replyStream,
      body: regenerateMessageRequestSchema,
      response: regenerateMessageResponseSchema,
    },
    switchBranch: {
      summary: "Show another sibling of a message with its branch's tail; answers the new path",
      params: messageParamsSchema,
      body: switchBranchRequestSchema,
      response: messageListResponseSchema,
    },
    messageFeedback: {
      summary: 'Thumbs up or down on a reply, with an optional comment (null rating takes it back)',
      params: messageParamsSchema,
      body: setFeedbackRequestSchema,
      response: setFeedbackResponseSchema,
    },
    forkConversation: {
      summary: 'Continue in a new chat: the path up to this message copied into a new conversation',
      params: messageParamsSchema,
      body: forkConversationRequestSchema,
      response: forkConversationResponseSchema,
      status: 201,
    },
    continueMessage: {
      summary: 'A stopped reply goes on from where it stopped (JSON or event stream)',
      ...replyStream,
      body: continueMessageRequestSchema,
      response: continueMessageResponseSchema,
    },
    instructions: { summary: "The user's custom instructions", response: customInstructionsResponseSchema },
    updateInstructions: {
      summary: "Set the user's custom instructions ('' clears them)",
      body: customInstructionsSchema,
      response: customInstructionsResponseSchema,
    },
    systemPrompt: {
      summary: "Set a conversation's system prompt ('' clears it)",
      params: conversationIdParamsSchema,
      body: systemPromptRequestSchema,
      response: systemPromptResponseSchema,
    },
    settings: { summary: "The user's chat settings and usage", response: chatSettingsSchema },
    models: { summary: 'The models the user may pick, and the default', response: modelListSchema },
    pickModel: {
      summary: "Pick a conversation's model (the user's default from then on)",
      ...conversation,
      body: pickModelRequestSchema,
    },
    tokens: {
      summary: "The tokens the user's replies cost, per model and day (UTC), newest first",
      query: tokenUsageQuerySchema,
      response: tokenUsageSchema,
    },
    conversation: { summary: 'One conversation', ...conversation },
    search: {
      summary: 'Full-text search over titles and messages (ranked, with highlighted snippets)',
      query: searchQuerySchema,
      response: searchResponseSchema,
    },
    showMessage: {
      summary: 'Show a message (a search match): the path switches to its branch if needed; answers the path',
      params: messageParamsSchema,
      response: messageListResponseSchema,
    },
    pins: { summary: 'Pinned conversations, in order', response: pinnedListResponseSchema },
    pin: {
      summary: 'Pin a conversation (answers the pins)',
      params: conversationIdParamsSchema,
      response: pinnedListResponseSchema,
    },
    unpin: {
      summary: 'Unpin a conversation (answers the pins)',
      params: conversationIdParamsSchema,
      response: pinnedListResponseSchema,
    },
    reorderPins: {
      summary: 'Reorder the pins',
      body: reorderPinsRequestSchema,
      response: pinnedListResponseSchema,
    },
    createShare: {
      summary: 'Share a snapshot of the conversation by a public link',
      params: conversationIdParamsSchema,
      body: createShareRequestSchema,
      response: shareLinkSchema,
      status: 201,
    },
    shares: { summary: "The user's share links", response: shareLinkListResponseSchema },
    revokeShare: {
      summary: 'Turn a share link off',
      params: shareIdParamsSchema,
      response: shareLinkSchema,
    },
    exportConversation: {
      summary: 'Download a conversation (JSON with its tree, or Markdown)',
      params: conversationIdParamsSchema,
      query: exportFormatQuerySchema,
      answer: 'file',
      contentType: 'application/json',
    },
    exportAccount: {
      summary: 'Download every conversation as a zip (streamed)',
      answer: 'file',
      contentType: 'application/zip',
    },
    importConversations: {
      summary:
        "Import Noek JSON or ChatGPT's conversations.json (the raw file as the body); JSON, or an event stream of its progress",
      rawBody: true,
      response: importResponseSchema,
      answer: 'stream',
      events: importEventSchema,
    },
  },
  shared: {
    view: {
      summary: 'A shared snapshot (no session needed)',
      params: shareIdParamsSchema,
      response: sharedConversationSchema,
    },
  },
  admin: {
    users: {
      summary: 'One page of users (X-Total-Count, ETag)',
      query: adminUsersQuerySchema,
      response: adminUserListResponseSchema,
    },
    updateUser: { summary: 'Edit a user', ...adminUser, body: adminUpdateUserRequestSchema },
    resetPassword: {
      summary: "Reset a user's password",
      params: userIdParamsSchema,
      response: adminResetPasswordResponseSchema,
    },
    resetUsage: { summary: "Reset a user's usage", ...adminUser },
    updateUsage: { summary: "Set a user's usage", ...adminUser, body: adminUpdateUsageRequestSchema },
    block: { summary: 'Block or unblock a user', ...adminUser, body: adminBlockRequestSchema },
    ban: { summary: 'Ban a user', ...adminUser, body: adminBanRequestSchema },
    unban: { summary: 'Lift a ban', ...adminUser },
    grantSupernoek: { summary: 'Grant SuperNoek', ...adminUser, body: adminGrantSupernoekRequestSchema },
    userAudit: {
      summary: "A user's audit history",
      params: userIdParamsSchema,
      query: auditQuerySchema,
      response: auditListResponseSchema,
    },
    userTokens: {
      summary: "A user's tokens per model and day (UTC), newest first",
      params: userIdParamsSchema,
      query: tokenUsageQuerySchema,
      response: tokenUsageSchema,
    },
    recentAudit: {
      summary: 'Recent admin actions',
      query: auditQuerySchema,
      response: auditListResponseSchema,
    },
    overview: {
      summary: 'The overview: sign-ups, activity, messages, tokens, subscriptions, revenue, replies per day',
      query: overviewQuerySchema,
      response: overviewResponseSchema,
    },
    overviewCsv: {
      summary: 'The overview as CSV (one row per day, one column per series)',
      query: overviewQuerySchema,
      answer: 'file',
      contentType: 'text/csv',
    },
    feedback: {
      summary: "Thumbs up and down on replies per model (each reply's last vote), most rated first",
      response: feedbackCountsSchema,
    },
    plans: { summary: "Every plan's limits", response: planSettingsListResponseSchema },
    updatePlan: {
      summary: "Replace one plan's limits (audited; chat applies them at once)",
      params: planLevelParamsSchema,
      body: updatePlanRequestSchema,
      response: planSettingsResponseSchema,
    },
    providers: {
      summary: 'Model providers (stored and configured) with health; keys shown only as set / last 4',
      response: adminProviderListSchema,
    },
    createProvider: {
      summary: 'Add an OpenAI-compatible provider (its key encrypted at rest; chat lists its models at once)',
      body: createProviderRequestSchema,
      response: adminProviderResponseSchema,
      status: 201,
    },
    updateProvider: {
      summary: 'Edit, disable or enable a stored provider',
      params: providerParamsSchema,
      body: updateProviderRequestSchema,
      response: adminProviderResponseSchema,
    },
    deleteProvider: {
      summary: 'Delete a stored provider',
      params: providerParamsSchema,
      response: deleteProviderResponseSchema,
    },
    sharing: { summary: 'Whether public share links work', response: sharingSettingResponseSchema },
    updateSharing: {
      summary: 'Turn public share links on or off (audited; chat applies it at once)',
      body: updateSharingRequestSchema,
      response: sharingSettingResponseSchema,
    },
  },
  subscription: {
    status: { summary: 'Subscription status', response: subscriptionStatusResponseSchema },
    subscribe: { summary: 'Start a SuperNoek subscription', response: subscribeResponseSchema },
    cancel: { summary: 'Cancel at the period end', response: cancelSubscriptionResponseSchema },
    reactivate: { summary: 'Undo a cancellation', response: reactivateSubscriptionResponseSchema },
    webhook: {
      summary: "The payment provider's webhook (signed raw body)",
      rawBody: true,
      response: webhookResponseSchema,
    },
    config: { summary: 'What the payment form needs', response: paymentConfigSchema },
    testCardPay: {
      summary: 'Pay with a test card (simulated payments only)',
      body: testCardPayRequestSchema,
      response: testCardPayResponseSchema,
    },
    testCardAuthenticate: {
      summary: 'Complete or fail the simulated authentication step',
      body: testCardAuthenticateRequestSchema,
      response: testCardPayResponseSchema,
    },
  },
  version: {
    summary: 'The running build (answered by the gateway)',
    query: versionQuerySchema,
    response: versionResponseSchema,
  },
});

/**
 * The gateway's prefix → service map lives in gateway/routes.schema.ts (`apiRoutePrefixes`,
 * `serviceForApiPath`, `gatewayApiPaths`); routes.test.ts checks every route above against it.
 */
