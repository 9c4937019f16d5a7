import { useState } from 'react';
import { isApiError, serverMessage } from '@noek/ui';
import { authApi, NetworkError } from './auth-api';
import { authText } from './auth-messages';

/** The yellow box after a login for an unverified email (spec §2, §8 resend messages). */
export function UnverifiedBox({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    setBusy(true);
    setResult(null);
    try {
      await authApi.resendVerification(email);
      setResult({ ok: true, text: authText.resendSent });
    } catch (err) {
      const text =
        err instanceof NetworkError || !isApiError(err)
          ? authText.resendNetwork
          : serverMessage(err, authText.resendFailed);
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-warning" data-testid="unverified-box" role="status">
      <strong>{authText.emailNotVerifiedFor(email)}</strong>
      <button
        type="button"
        className="noek-btn noek-btn-outline"
        onClick={() => void resend()}
        disabled={busy}
        data-testid="resend-verification"
      >
        {authText.resendVerification}
      </button>
      {result && (
        <p className={result.ok ? 'auth-success' : 'auth-error'} data-testid="resend-result">
          {result.text}
        </p>
      )}
    </div>
  );
}
