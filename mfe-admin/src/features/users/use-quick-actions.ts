import type { AdminUserRow, HostApi } from '@noek/contracts';
import { actionToasts } from './action-toasts';
import { adminApi } from './admin-api';
import { useAdminAction } from './use-admin-action';

/** Row actions without a dialog: Reset usage, Block/Unblock, Unban. */
export function useQuickActions(host: HostApi) {
  const { run } = useAdminAction(host);
  return {
    resetUsage: (u: AdminUserRow) => run(() => adminApi.resetUsage(u.id), actionToasts.resetUsage),
    toggleBlock: (u: AdminUserRow) =>
      run(() => adminApi.setBlocked(u.id, !u.isBlocked), actionToasts.toggleBlock(u)),
    unban: (u: AdminUserRow) => run(() => adminApi.unban(u.id), actionToasts.unban(u)),
  };
}
