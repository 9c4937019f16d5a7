import { authText } from './auth-messages';
import type { matchState } from './password-rules';

/** Sign-up's live hint under the password: at least 8 characters, ticked once it is. */
export function LengthHint({ ok }: { ok: boolean }) {
  return (
    <p className="auth-hint" data-ok={String(ok)} data-testid="password-length-hint">
      {ok ? '✓ ' : ''}
      {authText.atLeast8}
    </p>
  );
}

/** Sign-up's live hint under the confirmation: whether the two passwords match (nothing while empty). */
export function MatchHint({ match }: { match: ReturnType<typeof matchState> }) {
  if (match === 'empty') return null;
  return (
    <p className="auth-hint" data-ok={String(match === 'match')} data-testid="password-match-hint">
      {match === 'match' ? authText.passwordsMatch : authText.passwordsDoNotMatch}
    </p>
  );
}
