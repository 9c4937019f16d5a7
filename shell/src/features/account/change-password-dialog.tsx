import { Dialog } from '@noek/ui';
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
  const canSubmit = !form.busy && canSubmitChange(form.current, form.fields.password, form.fields.confirm);

  // Escape, the backdrop and Cancel close it, unless the change is forced.
  return (
    <Dialog
      title="Change Password"
      onClose={forced ? undefined : onClose}
      onSubmit={() => void form.submit()}
      submitLabel={form.busy ? 'Changing…' : 'Change Password'}
      submitDisabled={!canSubmit}
      noValidate
      className="auth-card"
      testId="change-password-dialog"
      submitTestId="change-password-submit"
      cancelTestId="change-password-cancel"
    >
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
    </Dialog>
  );
}
