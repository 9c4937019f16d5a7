import { apiCall, type ApiCallOptions } from '@noek/ui';
import { apiRoutes } from '@noek/contracts/routes';
import type * as ContractsModule from '@noek/contracts';
import type {
  ApiRoute,
  AuthSettingsResponse,
  HandoffCreateResponse,
  HandoffExchangeResponse,
  MessageResponse,
  SessionResponse,
  SignupResponse,
  VerifyEmailResponse,
} from '@noek/contracts';

export { NetworkError, errorJson } from '@noek/ui';

type Contracts = typeof ContractsModule;
type Schema<T> = { parse: (data: unknown) => T };

/**
 * The auth calls, through the one API client (@noek/ui) on contracts' apiRoutes. The answer schemas
 * (zod) load with the first call rather than with the sign-in screen's first paint.
 */
async function call<T>(route: ApiRoute, schema: (c: Contracts) => Schema<T>, options: ApiCallOptions = {}) {
  const parser = schema(await import('@noek/contracts'));
  return apiCall<T>(route, { ...options, parse: (data) => parser.parse(data) });
}

const r = apiRoutes.auth;
const session = (c: Contracts) => c.sessionResponseSchema;
const message = (c: Contracts) => c.messageResponseSchema;

export const authApi = {
  login: (email: string, password: string): Promise<SessionResponse> =>
    call(r.login, session, { body: { email, password } }),
  signup: (name: string, email: string, password: string): Promise<SignupResponse> =>
    call(r.signup, (c) => c.signupResponseSchema, { body: { name, email, password } }),
  resendVerification: (email: string): Promise<MessageResponse> =>
    call(r.resendVerification, message, { body: { email } }),
  forgotPassword: (email: string): Promise<MessageResponse> =>
    call(r.forgotPassword, message, { body: { email } }),
  resetPassword: (token: string, newPassword: string): Promise<MessageResponse> =>
    call(r.resetPassword, message, { body: { token, newPassword } }),
  changePassword: (currentPassword: string, newPassword: string): Promise<MessageResponse> =>
    call(r.changePassword, message, { body: { currentPassword, newPassword } }),
  /** Ends this browser's session only (decisions.md). */
  logout: (): Promise<MessageResponse> => call(r.logout, message),
  /** Ends every session of the user, on every device (the account screen's 'Sign out everywhere'). */
  logoutEverywhere: (): Promise<MessageResponse> => call(r.logoutEverywhere, message),
  me: (): Promise<SessionResponse> => call(r.me, session),
  refresh: (): Promise<SessionResponse> => call(r.refresh, session),
  verifyEmail: (token: string): Promise<VerifyEmailResponse> =>
    call(r.verifyEmail, (c) => c.verifyEmailResponseSchema, { query: { token } }),
  createHandoff: (targetHost: string): Promise<HandoffCreateResponse> =>
    call(r.handoffCreate, (c) => c.handoffCreateResponseSchema, { body: { targetHost } }),
  createLogoutHandoff: (targetHost: string): Promise<HandoffCreateResponse> =>
    call(r.handoffCreate, (c) => c.handoffCreateResponseSchema, { body: { targetHost, action: 'logout' } }),
  /** Browser-bound: the first answer may ask to confirm at the origin site or to switch accounts. */
  exchangeHandoff: (token: string, switchAccount = false): Promise<HandoffExchangeResponse> =>
    call(r.handoffExchange, (c) => c.handoffExchangeResponseSchema, {
      body: { token, ...(switchAccount ? { switchAccount } : {}) },
    }),
  handoffLogout: (token: string): Promise<MessageResponse> =>
    call(r.handoffLogout, message, { body: { token } }),
  settings: (): Promise<AuthSettingsResponse> => call(r.settings, (c) => c.authSettingsResponseSchema),
};
