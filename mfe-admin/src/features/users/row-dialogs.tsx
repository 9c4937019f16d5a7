import type { AdminUserRow, HostApi } from '@noek/contracts';
import { ConfirmDialog } from '@noek/ui';
import { HistoryDialog } from '../audit/history-dialog';
import { BanDialog } from '../dialogs/ban-dialog';
import { EditUserDialog } from '../dialogs/edit-user-dialog';
import { GrantDialog } from '../dialogs/grant-dialog';
import { UsageDialog } from '../dialogs/usage-dialog';
import { TokensDialog } from '../tokens/tokens-dialog';
import { actionToasts } from './action-toasts';
import { adminApi } from './admin-api';
import { useAdminAction } from './use-admin-action';

export type OpenDialog = {
  kind: 'edit' | 'usage' | 'ban' | 'grant' | 'password' | 'history' | 'tokens';
  user: AdminUserRow;
};

/**
 * The open dialog for one user. `user` is the row as it was when the dialog opened: a refresh of the table
 * re-renders the table, not the dialog's form state.
 */
export function RowDialogs(props: { open: OpenDialog; host: HostApi; onClose: () => void }) {
  const { open, host, onClose } = props;
  const { run, busy } = useAdminAction(host);
  const { user } = open;
  const id = user.id;
  const done = (ok: boolean) => ok && onClose();
  const common = { user, busy, onClose };
  switch (open.kind) {
    case 'edit':
      return (
        <EditUserDialog
          {...common}
          onSave={(body) => void run(() => adminApi.updateUser(id, body), actionToasts.updateUser).then(done)}
        />
      );
    case 'usage':
      return (
        <UsageDialog
          {...common}
          onSave={(n) => void run(() => adminApi.updateUsage(id, n), actionToasts.updateUsage(n)).then(done)}
        />
      );
    case 'ban':
      return (
        <BanDialog
          {...common}
          onBan={(body) => void run(() => adminApi.ban(id, body), actionToasts.ban(user)).then(done)}
        />
      );
    case 'grant':
      return (
        <GrantDialog
          {...common}
          onGrant={(body) =>
            void run(() => adminApi.grantSupernoek(id, body), actionToasts.grant(user)).then(done)
          }
        />
      );
    case 'password':
      return (
        // Spec §5: confirmation before an admin password reset.
        <ConfirmDialog
          title="Reset Password"
          message={`Reset the password of ${user.name}? A new password is generated and shown once; they must change it at their next sign-in, and all their sessions end.`}
          confirmLabel="Reset Password"
          busy={busy}
          onCancel={onClose}
          onConfirm={() => void run(() => adminApi.resetPassword(id), actionToasts.resetPassword).then(done)}
        />
      );
    case 'history':
      return <HistoryDialog user={user} onClose={onClose} />;
    case 'tokens':
      return <TokensDialog user={user} onClose={onClose} />;
  }
}
