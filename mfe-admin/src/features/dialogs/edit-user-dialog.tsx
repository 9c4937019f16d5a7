import { useState } from 'react';
import {
  adminEditableAccessLevels,
  parseSpecialFeatures,
  type AdminUpdateUserRequest,
  type AdminUserRow,
} from '@noek/contracts';
import { Dialog } from '@noek/ui';
import { Field } from './field';

/**
 * Spec §5 edit user: features comma-separated (trimmed, empties dropped); the new password is optional and
 * sent only when non-empty. The form keeps its own state from the moment it opened, so the 5-second
 * refresh never wipes what the admin is typing.
 */
export function EditUserDialog(props: {
  user: AdminUserRow;
  busy: boolean;
  onClose: () => void;
  onSave: (body: AdminUpdateUserRequest) => void;
}) {
  const { user } = props;
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [accessLevel, setAccessLevel] = useState<AdminUpdateUserRequest['accessLevel']>(user.accessLevel);
  const [features, setFeatures] = useState(user.specialFeatures.join(', '));
  const [newPassword, setNewPassword] = useState('');
  const levels: readonly string[] =
    user.accessLevel === 'supernoek'
      ? [...adminEditableAccessLevels, 'supernoek']
      : adminEditableAccessLevels;
  const save = () =>
    props.onSave({
      name,
      email,
      accessLevel,
      specialFeatures: parseSpecialFeatures(features),
      ...(newPassword ? { newPassword } : {}),
    });
  return (
    <Dialog
      title="Edit User"
      onClose={props.onClose}
      onSubmit={save}
      submitLabel="Save Changes"
      submitDisabled={props.busy || !name.trim() || !email.trim()}
    >
      <Field label="Name">
        <input value={name} onChange={(e) => setName(e.target.value)} required />
      </Field>
      <Field label="Email">
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </Field>
      <Field label="Access Level">
        <select value={accessLevel} onChange={(e) => setAccessLevel(e.target.value as typeof accessLevel)}>
          {levels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Special Features" hint="Comma-separated">
        <input value={features} onChange={(e) => setFeatures(e.target.value)} />
      </Field>
      <Field label="New Password" hint="Optional: leave empty to keep the current password">
        <input
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
      </Field>
    </Dialog>
  );
}
