import { useSessionStore } from '../auth/session.store';
import { ChangePasswordDialog } from './change-password-dialog';

/** decisions.md: after an admin reset the user must choose a new password before going on. */
export function ForcedPasswordChange() {
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  if (!user?.mustChangePassword) return null;
  return (
    <ChangePasswordDialog
      forced
      onClose={() => undefined}
      onChanged={() => setUser({ ...user, mustChangePassword: false })}
    />
  );
}
