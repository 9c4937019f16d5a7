import { api, type ApiCallOptions } from '@noek/ui';
import type * as ContractsModule from '@noek/contracts';
import type {
  AuthSettingsResponse,
  HandoffCreateResponse,
  HandoffExchangeResponse,
  MessageResponse,
  RouteContract,
  RouteResult,
  SessionResponse,
  SignupResponse,
  VerifyEmailResponse,
} from '@noek/contracts';

export { NetworkError, errorJson } from '@noek/ui';

type AuthRoutes = (typeof ContractsModule)['apiRoutes']['auth'];

/**
 * The auth calls, through the one API client (@noek/ui) on contracts' apiRoutes: method, path and the
 * answer's parsing come from each entry. The entries (zod schemas) load with the first call rather than
 * with the sign-in screen's first paint.
 */
async function call<K extends keyof AuthRoutes>(
  name: K,
  options: ApiCallOptions = {},
): Promise<RouteResult<AuthRoutes[K]>> {
  const { apiRoutes } = await import('@noek/contracts');
  const entry = apiRoutes.auth[name] as RouteContract;
  return (await api(entry, options as never)) as RouteResult<AuthRoutes[K]>;
}

export const authApi = {
  login: (email: string, password: string): Promise<SessionResponse> =>
    call('login', { body: { email, password } }),
  signup: (name: string, email: string, password: string): Promise<SignupResponse> =>
    call('signup', { body: { name, email, password } }),
  resendVerification: (email: string): Promise<MessageResponse> =>
    call('resendVerification', { body: { email } }),
  forgotPassword: (email: string): Promise<MessageResponse> => call('forgotPassword', { body: { email } }),
  resetPassword: (token: string, newPassword: string): Promise<MessageResponse> =>
    call('resetPassword', { body: { token, newPassword } }),
  changePassword: (currentPassword: string, newPassword: string): Promise<MessageResponse> =>
    call('changePassword', { body: { currentPassword, newPassword } }),
  /** Ends this browser's session only (decisions.md). */
  logout: (): Promise<MessageResponse> => call('logout'),
  /** Ends every session of the user, on every device (the account screen's 'Sign out everywhere'). */
  logoutEverywhere: (): Promise<MessageResponse> => call('logoutEverywhere'),
  me: (): Promise<SessionResponse> => call('me'),
  refresh: (): Promise<SessionResponse> => call('refresh'),
  verifyEmail: (token: string): Promise<VerifyEmailResponse> => call('verifyEmail', { query: { token } }),
  createHandoff: (targetHost: string): Promise<HandoffCreateResponse> =>
    call('handoffCreate', { body: { targetHost } }),
  createLogoutHandoff: (targetHost: string): Promise<HandoffCreateResponse> =>
    call('handoffCreate', { body: { targetHost, action: 'logout' } }),
  /** Browser-bound: the first answer may ask to confirm at the origin site or to switch accounts. */
  exchangeHandoff: (token: string, switchAccount = false): Promise<HandoffExchangeResponse> =>
    call('handoffExchange', {
      body: { token, ...(switchAccount ? { switchAccount } : {}) },
    }),
  handoffLogout: (token: string): Promise<MessageResponse> => call('handoffLogout', { body: { token } }),
  settings: (): Promise<AuthSettingsResponse> => call('settings'),
};
