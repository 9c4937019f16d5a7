import type { AdminResetPasswordResponse, AdminUserRow } from '@noek/contracts';
import type { ActionToasts } from './use-admin-action';

/** Spec §8: the toast each admin action raises, in one table (the dialogs and row buttons only pick one). */
export const actionToasts = {
  updateUser: {
    success: () => ({ title: 'Success', description: 'User updated successfully' }),
    failure: 'Failed to update user',
  },
  updateUsage: (count: number): ActionToasts<unknown> => ({
    success: () => ({ title: 'Usage Updated', description: `Message count set to ${count}` }),
    failure: 'Failed to update usage',
  }),
  ban: (u: AdminUserRow): ActionToasts<unknown> => ({
    success: () => ({ title: 'User Banned', description: `${u.email} has been banned` }),
    failure: 'Failed to ban user',
  }),
  grant: (u: AdminUserRow): ActionToasts<unknown> => ({
    success: () => ({ title: 'SuperNoek Granted', description: `${u.email} now has the SuperNoek plan` }),
    failure: 'Failed to grant SuperNoek plan',
  }),
  resetPassword: {
    // Shown once, until dismissed: the admin needs time to copy it.
    success: (r: AdminResetPasswordResponse) => ({
      title: 'Password Reset',
      description: `New password: ${r.newPassword}`,
      durationMs: 0,
    }),
    failure: 'Failed to reset password',
  },
  resetUsage: {
    success: () => ({ title: 'Usage Reset', description: 'Message count reset to 0' }),
    failure: 'Failed to reset usage',
  },
  toggleBlock: (u: AdminUserRow): ActionToasts<unknown> => ({
    success: () =>
      u.isBlocked
        ? { title: 'User Unblocked', description: `${u.email} can send messages again` }
        : { title: 'User Blocked', description: `${u.email} is blocked from sending messages` },
    failure: 'Failed to update user status',
  }),
  unban: (u: AdminUserRow): ActionToasts<unknown> => ({
    success: () => ({ title: 'User Unbanned', description: `${u.email} can sign in again` }),
    failure: 'Failed to unban user',
  }),
};
