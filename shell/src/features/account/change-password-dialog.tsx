import { useRef, useState, type FormEvent } from 'react';
import { toast, useDialogFocus } from '@noek/ui';
import { authApi } from '../auth/auth-api';
import { authText } from '../auth/auth-messages';
import { Field } from '../auth/field';
import { canSubmitChange, newPasswordProblem } from '../auth/password-rules';
import '../auth/auth.css';

/** Spec §8: the server's message when it sent one, else the generic text. */
export function changeFailure(err: unknown): string {
  if (err instanceof Error && 'body' in err) {
    const body = (err as { body: { message?: string } | null }).body;
    if (body?.message) return body.message;
  }
  return authText.changeFailed;
}

type Props = {
  onClose: () => void;
  onChanged?: () => void;
  /** After an admin reset (mustChangePassword): no way to dismiss it. */
  forced?: boolean;
};

/** The Change Password dialog (spec §2 account screen, §5 rules, §8 messages, 'Password Changed'). */
export function ChangePasswordDialog({ onClose, onChanged, forced = false }: Props) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Focus stays in the dialog; Escape closes it, unless the change is forced.
  useDialogFocus(dialogRef, { onEscape: forced ? undefined : onClose });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = newPasswordProblem(next, confirm);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await authApi.changePassword(current, next);
      toast({ title: authText.passwordChanged, description: 'Your password has been updated.' });
      onChanged?.();
      onClose();
    } catch (err) {
      setError(changeFailure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-dialog-backdrop" role="presentation">
      <div
        ref={dialogRef}
        className="noek-card auth-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="change-password-title"
        data-testid="change-password-dialog"
      >
        <form className="noek-stack" onSubmit={(e) => void submit(e)} noValidate>
          <h1 id="change-password-title">Change Password</h1>
          {forced && (
            <p className="auth-hint">Your password was reset by an administrator. Please choose a new one.</p>
          )}
          <Field
            label="Current Password"
            testId="current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <Field
            label="New Password"
            testId="new-password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <Field
            label="Confirm New Password"
            testId="confirm-password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {error && (
            <p className="auth-error" role="alert" data-testid="change-password-error">
              {error}
            </p>
          )}
          <div className="noek-row" style={{ justifyContent: 'flex-end' }}>
            {!forced && (
              <button
                type="button"
                className="noek-btn noek-btn-outline"
                onClick={onClose}
                data-testid="change-password-cancel"
              >
                Cancel
              </button>
            )}
            <button
              type="submit"
              className="noek-btn"
              disabled={busy || !canSubmitChange(current, next, confirm)}
              data-testid="change-password-submit"
            >
              {busy ? 'Changing…' : 'Change Password'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
