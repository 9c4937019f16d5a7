import { isApiError, serverMessage } from '@noek/ui';
import { errorJson, NetworkError } from './auth-api';
import { authText } from './auth-messages';

/**
 * Spec §8, login: which message a failed sign-in shows, and whether the resend box appears. Issue 13
 * overrides the spec's "a 500 means unverified": only an `emailNotVerified` answer shows the verify
 * box; a server error (5xx) says so plainly, so nobody is sent to verify an already verified email.
 */
export function loginFailure(
  err: unknown,
  typedEmail: string,
): { message: string; unverifiedEmail: string | null } {
  if (err instanceof NetworkError || !isApiError(err))
    return { message: authText.loginNetwork, unverifiedEmail: null };
  const body = errorJson(err);
  if (err.status >= 500) return { message: authText.serverError, unverifiedEmail: null };
  if (body?.code === 'BANNED') return { message: banMessage(body, err.message), unverifiedEmail: null };
  if (body?.emailNotVerified === true) {
    const email = typeof body?.email === 'string' ? body.email : typedEmail.trim();
    return { message: authText.pleaseVerify, unverifiedEmail: email };
  }
  return { message: serverMessage(err, authText.invalidCredentials), unverifiedEmail: null };
}

/**
 * A ban's answer carries its end and reason (contracts bannedErrorSchema): the end is shown in the
 * reader's own time and words, not as the server's ISO instant.
 */
function banMessage(body: Record<string, unknown>, fallback: string): string {
  const reason = typeof body.reason === 'string' && body.reason ? ` Reason: ${body.reason}` : '';
  const until = typeof body.bannedUntil === 'string' ? new Date(body.bannedUntil) : null;
  if (until === null) return `Your account is banned permanently.${reason}`;
  if (Number.isNaN(until.getTime())) return typeof body.message === 'string' ? body.message : fallback;
  const when = until.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `Your account is banned until ${when}.${reason}`;
}
