import {
  apiError,
  ApiError,
  authSettingsResponseSchema,
  handoffCreateResponseSchema,
  handoffExchangeResponseSchema,
  messageResponseSchema,
  sessionResponseSchema,
  signupResponseSchema,
  verifyEmailResponseSchema,
  type AuthSettingsResponse,
  type HandoffCreateResponse,
  type HandoffExchangeResponse,
  type MessageResponse,
  type SessionResponse,
  type SignupResponse,
  type VerifyEmailResponse,
} from '@noek/contracts';

/** fetch itself failed (offline, DNS, connection refused): spec §8 has its own messages for it. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/**
 * Spec §7 semantics: cookies travel, bodies are JSON, a non-success answer is an ApiError whose
 * message is "{status}: {body text}". The parsed JSON body is kept for fields beyond the envelope.
 */
async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  parse: (d: unknown) => T,
  body?: unknown,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new NetworkError(err instanceof Error ? err.message : 'network error');
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw apiError(res.status, text, res.statusText);
  return parse(text ? JSON.parse(text) : undefined);
}

/** The raw JSON of an error answer (fields like emailNotVerified that the envelope schema drops). */
export function errorJson(err: unknown): Record<string, unknown> | null {
  if (!(err instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(err.bodyText);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const session = (d: unknown) => sessionResponseSchema.parse(d);
const message = (d: unknown) => messageResponseSchema.parse(d);

export const authApi = {
  login: (email: string, password: string): Promise<SessionResponse> =>
    call('POST', '/api/auth/login', session, { email, password }),
  signup: (name: string, email: string, password: string): Promise<SignupResponse> =>
    call('POST', '/api/auth/signup', (d) => signupResponseSchema.parse(d), { name, email, password }),
  resendVerification: (email: string): Promise<MessageResponse> =>
    call('POST', '/api/resend-verification', message, { email }),
  forgotPassword: (email: string): Promise<MessageResponse> =>
    call('POST', '/api/auth/forgot-password', message, { email }),
  resetPassword: (token: string, newPassword: string): Promise<MessageResponse> =>
    call('POST', '/api/auth/reset-password', message, { token, newPassword }),
  changePassword: (currentPassword: string, newPassword: string): Promise<MessageResponse> =>
    call('POST', '/api/auth/change-password', message, { currentPassword, newPassword }),
  logout: (): Promise<MessageResponse> => call('POST', '/api/auth/logout', message),
  me: (): Promise<SessionResponse> => call('GET', '/api/auth/me', session),
  refresh: (): Promise<SessionResponse> => call('POST', '/api/auth/refresh', session),
  verifyEmail: (token: string): Promise<VerifyEmailResponse> =>
    call('GET', `/api/verify-email?token=${encodeURIComponent(token)}`, (d) =>
      verifyEmailResponseSchema.parse(d),
    ),
  createHandoff: (targetHost: string): Promise<HandoffCreateResponse> =>
    call('POST', '/api/auth/handoff', (d) => handoffCreateResponseSchema.parse(d), { targetHost }),
  createLogoutHandoff: (targetHost: string): Promise<HandoffCreateResponse> =>
    call('POST', '/api/auth/handoff', (d) => handoffCreateResponseSchema.parse(d), {
      targetHost,
      action: 'logout',
    }),
  exchangeHandoff: (token: string, switchAccount = false): Promise<HandoffExchangeResponse> =>
    call('POST', '/api/auth/handoff/exchange', (d) => handoffExchangeResponseSchema.parse(d), {
      token,
      ...(switchAccount ? { switchAccount } : {}),
    }),
  handoffLogout: (token: string): Promise<MessageResponse> =>
    call('POST', '/api/auth/handoff/logout', message, { token }),
  settings: (): Promise<AuthSettingsResponse> =>
    call('GET', '/api/auth/settings', (d) => authSettingsResponseSchema.parse(d)),
};
