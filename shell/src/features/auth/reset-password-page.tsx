import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError, serverMessage } from '@noek/ui';
import { authApi } from './auth-api';
import { authText } from './auth-messages';
import { NewPasswordFields, type NewPassword } from './new-password-fields';
import { canSubmitReset, newPasswordProblem } from './password-rules';
import { ResetSuccess } from './reset-success';
import './auth.css';

/** /reset-password?token=… (spec §2, §4, §5): form, submitting, success. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [fields, setFields] = useState<NewPassword>({ password: '', confirm: '' });
  const { password, confirm } = fields;
  const [phase, setPhase] = useState<'form' | 'submitting' | 'success'>('form');
  const [error, setError] = useState<{ title?: string; text: string } | null>(
    token ? null : { text: authText.invalidResetToken },
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!token) return setError({ text: authText.resetTokenMissing });
    const problem = newPasswordProblem(password, confirm);
    if (problem) return setError({ text: problem });
    setPhase('submitting');
    setError(null);
    try {
      await authApi.resetPassword(token, password);
      setPhase('success');
    } catch (err) {
      setPhase('form');
      const text = isApiError(err) ? serverMessage(err, authText.resetFailed) : authText.resetFailed;
      setError({ title: authText.resetFailedTitle, text });
    }
  }

  return (
    <main className="noek-center" data-testid="reset-password-page" data-state={phase}>
      <div className="noek-card noek-stack auth-card">
        {phase === 'success' ? (
          <ResetSuccess />
        ) : (
          <form className="noek-stack" onSubmit={(e) => void submit(e)} noValidate>
            <h1>Reset Password</h1>
            <p className="auth-hint">Enter a new password for your account.</p>
            <NewPasswordFields
              value={fields}
              onChange={setFields}
              testIds={{ password: 'reset-password', confirm: 'reset-confirm' }}
            />
            {error && (
              <div role="alert" data-testid="reset-error">
                {error.title && <strong className="auth-error">{error.title}</strong>}
                <p className="auth-error">{error.text}</p>
              </div>
            )}
            <button
              type="submit"
              className="noek-btn auth-btn-block"
              disabled={phase === 'submitting' || !canSubmitReset(password, confirm)}
              data-testid="reset-submit"
            >
              {phase === 'submitting' ? 'Resetting…' : 'Reset Password'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
