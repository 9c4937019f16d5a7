import { useRef } from 'react';
import { useDialogFocus } from '@noek/ui';
import { canSubmitChange } from '../auth/password-rules';
import { Field } from '../auth/field';
import { NewPasswordFields } from '../auth/new-password-fields';
import { useChangePassword } from './use-change-password';
import '../auth/auth.css';

export { changeFailure } from './use-change-password';

type Props = {
  onClose: () => void;
  onChanged?: () => void;
  /** After an admin reset (mustChangePassword): no way to dismiss it. */
  forced?: boolean;
};

/** The Change Password dialog (spec §2 account screen, §5 rules, §8 messages, 'Password Changed'). */
export function ChangePasswordDialog({ onClose, onChanged, forced = false }: Props) {
  const form = useChangePassword(() => {
    onChanged?.();
    onClose();
  });
  const dialogRef = useRef<HTMLDivElement>(null);
  // Focus stays in the dialog; Escape closes it, unless the change is forced.
  useDialogFocus(dialogRef, { onEscape: forced ? undefined : onClose });
  const canSubmit = !form.busy && canSubmitChange(form.current, form.fields.password, form.fields.confirm);

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
        <form className="noek-stack" onSubmit={(e) => void form.submit(e)} noValidate>
          <h1 id="change-password-title">Change Password</h1>
          {forced && (
            <p className="auth-hint">Your password was reset by an administrator. Please choose a new one.</p>
          )}
          <Field
            label="Current Password"
            testId="current-password"
            type="password"
            autoComplete="current-password"
            value={form.current}
            onChange={(e) => form.setCurrent(e.target.value)}
          />
          <NewPasswordFields
            value={form.fields}
            onChange={form.setFields}
            testIds={{ password: 'new-password', confirm: 'confirm-password' }}
          />
          {form.error && (
            <p className="auth-error" role="alert" data-testid="change-password-error">
              {form.error}
            </p>
          )}
          <DialogActions forced={forced} busy={form.busy} canSubmit={canSubmit} onCancel={onClose} />
        </form>
      </div>
    </div>
  );
}

function DialogActions(p: { forced: boolean; busy: boolean; canSubmit: boolean; onCancel: () => void }) {
  return (
    <div className="noek-row" style={{ justifyContent: 'flex-end' }}>
      {!p.forced && (
        <button
          type="button"
          className="noek-btn noek-btn-outline"
          onClick={p.onCancel}
          data-testid="change-password-cancel"
        >
          Cancel
        </button>
      )}
      <button type="submit" className="noek-btn" disabled={!p.canSubmit} data-testid="change-password-submit">
        {p.busy ? 'Changing…' : 'Change Password'}
      </button>
    </div>
  );
}
