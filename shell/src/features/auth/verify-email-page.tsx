import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { VerifyEmailResponse } from '@noek/contracts';
import { isApiError } from '@noek/ui';
import { authApi, errorJson } from './auth-api';
import { authText } from './auth-messages';
import { useAuthSettings } from './use-auth-settings';
import './auth.css';

type State =
  | { kind: 'loading' }
  | { kind: 'success'; name: string; message: string }
  | { kind: 'error'; message: string };

// One request per token even when React runs effects twice (StrictMode) or the page re-renders:
// the token is single use, so a second request would turn a success into an error.
const attempts = new Map<string, Promise<VerifyEmailResponse>>();

export function verifyFailure(err: unknown): string {
  if (!isApiError(err)) return authText.verificationError;
  const message = errorJson(err)?.message;
  return typeof message === 'string' && message ? message : authText.verificationFailed;
}

/** /verify-email?token=… (spec §2): loading, success (welcome with the name), error. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { supportEmail } = useAuthSettings();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'loading' } : { kind: 'error', message: authText.noVerificationToken },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = authApi.verifyEmail(token);
      attempts.set(token, attempt);
    }
    attempt.then(
      (res) =>
        live &&
        setState(
          res.verified
            ? { kind: 'success', name: res.user?.name ?? '', message: res.message }
            : { kind: 'error', message: res.message || authText.verificationFailed },
        ),
      (err: unknown) => live && setState({ kind: 'error', message: verifyFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <main className="noek-center" data-testid="verify-email-page" data-state={state.kind}>
      <div className="noek-card noek-stack auth-card">
        {state.kind === 'loading' && (
          <>
            <div className="noek-spinner" aria-hidden />
            <h1>Verifying your email…</h1>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <h1 data-testid="verify-welcome">Welcome, {state.name}!</h1>
            <p className="auth-success">{state.message}</p>
            <p>Your email address is verified. You can now sign in.</p>
            <button
              type="button"
              className="noek-btn auth-btn-block"
              onClick={() => navigate('/auth')}
              data-testid="continue-to-sign-in"
            >
              {authText.continueToSignIn}
            </button>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <h1>{authText.verificationFailed}</h1>
            <p className="auth-error" role="alert" data-testid="verify-error">
              {state.message}
            </p>
            <p className="auth-hint">
              Need help? Contact support at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
            </p>
            <button
              type="button"
              className="noek-btn noek-btn-outline auth-btn-block"
              onClick={() => navigate('/auth')}
            >
              Back to Sign In
            </button>
          </>
        )}
      </div>
    </main>
  );
}
