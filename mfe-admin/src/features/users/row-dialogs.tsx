import type { AdminUserRow, HostApi } from '@noek/contracts';
import { AuditList } from '../audit/audit-list';
import { useUserAudit } from '../audit/use-audit';
import { BanDialog } from '../dialogs/ban-dialog';
import { ConfirmResetDialog } from '../dialogs/confirm-dialog';
import { Dialog } from '../dialogs/dialog';
import { EditUserDialog } from '../dialogs/edit-user-dialog';
import { GrantDialog } from '../dialogs/grant-dialog';
import { UsageDialog } from '../dialogs/usage-dialog';
import { adminApi } from './admin-api';
import { useAdminAction } from './use-admin-action';

export type OpenDialog = {
  kind: 'edit' | 'usage' | 'ban' | 'grant' | 'password' | 'history';
  user: AdminUserRow;
};

/**
 * The open dialog for one user. `user` is the row as it was when the dialog opened: a refresh of the table
 * re-renders the table, not the dialog's form state.
 */
export function RowDialogs(props: { open: OpenDialog; host: HostApi; onClose: () => void }) {
  const { open, host, onClose } = props;
  const { run, busy } = useAdminAction(host);
  const id = open.user.id;
  const done = (ok: boolean) => ok && onClose();
  switch (open.kind) {
    case 'edit':
      return (
        <EditUserDialog
          user={open.user}
          busy={busy}
          onClose={onClose}
          onSave={(body) =>
            void run(() => adminApi.updateUser(id, body), {
              success: () => ({ title: 'Success', description: 'User updated successfully' }),
              failure: 'Failed to update user',
            }).then(done)
          }
        />
      );
    case 'usage':
      return (
        <UsageDialog
          user={open.user}
          busy={busy}
          onClose={onClose}
          onSave={(count) =>
            void run(() => adminApi.updateUsage(id, count), {
              success: () => ({ title: 'Usage Updated', description: `Message count set to ${count}` }),
              failure: 'Failed to update usage',
            }).then(done)
          }
        />
      );
    case 'ban':
      return (
        <BanDialog
          user={open.user}
          busy={busy}
          onClose={onClose}
          onBan={(body) =>
            void run(() => adminApi.ban(id, body), {
              success: () => ({ title: 'User Banned', description: `${open.user.email} has been banned` }),
              failure: 'Failed to ban user',
            }).then(done)
          }
        />
      );
    case 'grant':
      return (
        <GrantDialog
          user={open.user}
          busy={busy}
          onClose={onClose}
          onGrant={(body) =>
            void run(() => adminApi.grantSupernoek(id, body), {
              success: () => ({
                title: 'SuperNoek Granted',
                description: `${open.user.email} now has the SuperNoek plan`,
              }),
              failure: 'Failed to grant SuperNoek plan',
            }).then(done)
          }
        />
      );
    case 'password':
      return (
        <ConfirmResetDialog
          name={open.user.name}
          busy={busy}
          onClose={onClose}
          onConfirm={() =>
            void run(() => adminApi.resetPassword(id), {
              // Shown once, until dismissed: the admin needs time to copy it.
              success: (r) => ({
                title: 'Password Reset',
                description: `New password: ${r.newPassword}`,
                durationMs: 0,
              }),
              failure: 'Failed to reset password',
            }).then(done)
          }
        />
      );
    case 'history':
      return <HistoryDialog user={open.user} onClose={onClose} />;
  }
}

function HistoryDialog(props: { user: AdminUserRow; onClose: () => void }) {
  const audit = useUserAudit(props.user.id);
  return (
    <Dialog title={`History of ${props.user.name}`} onClose={props.onClose}>
      {audit.isPending ? (
        <div className="noek-spinner" />
      ) : (
        <AuditList entries={audit.data ?? []} empty="No admin actions on this user yet." />
      )}
    </Dialog>
  );
}

/** Row actions without a dialog: Reset usage, Block/Unblock, Unban. */
export function useQuickActions(host: HostApi) {
  const { run } = useAdminAction(host);
  return {
    resetUsage: (u: AdminUserRow) =>
      run(() => adminApi.resetUsage(u.id), {
        success: () => ({ title: 'Usage Reset', description: 'Message count reset to 0' }),
        failure: 'Failed to reset usage',
      }),
    toggleBlock: (u: AdminUserRow) =>
      run(() => adminApi.setBlocked(u.id, !u.isBlocked), {
        success: () =>
          u.isBlocked
            ? { title: 'User Unblocked', description: `${u.email} can send messages again` }
            : { title: 'User Blocked', description: `${u.email} is blocked from sending messages` },
        failure: 'Failed to update user status',
      }),
    unban: (u: AdminUserRow) =>
      run(() => adminApi.unban(u.id), {
        success: () => ({ title: 'User Unbanned', description: `${u.email} can sign in again` }),
        failure: 'Failed to unban user',
      }),
  };
}
