import { describe, expect, it } from 'vitest';
import { adminRow } from '../../test/admin-fixtures';
import { actionToasts } from './action-toasts';

const ada = adminRow('ada@example.com');

describe('admin toasts (spec §8, copied exactly)', () => {
  it('success titles and what they say', () => {
    expect(actionToasts.updateUser.success()).toEqual({
      title: 'Success',
      description: 'User updated successfully',
    });
    expect(actionToasts.updateUsage(7).success(undefined)).toEqual({
      title: 'Usage Updated',
      description: 'Message count set to 7',
    });
    expect(actionToasts.resetUsage.success()).toEqual({
      title: 'Usage Reset',
      description: 'Message count reset to 0',
    });
    expect(actionToasts.ban(ada).success(undefined)).toEqual({
      title: 'User Banned',
      description: 'ada@example.com has been banned',
    });
    expect(actionToasts.unban(ada).success(undefined).title).toBe('User Unbanned');
    expect(actionToasts.grant(ada).success(undefined).title).toBe('SuperNoek Granted');
    expect(actionToasts.toggleBlock(ada).success(undefined)).toEqual({
      title: 'User Blocked',
      description: 'ada@example.com is blocked from sending messages',
    });
    expect(actionToasts.toggleBlock({ ...ada, isBlocked: true }).success(undefined).title).toBe(
      'User Unblocked',
    );
  });

  it('the new password stays until dismissed (the admin copies it)', () => {
    expect(actionToasts.resetPassword.success({ newPassword: 'Xy-123' })).toEqual({
      title: 'Password Reset',
      description: 'New password: Xy-123',
      durationMs: 0,
    });
  });

  it('each failure says what failed', () => {
    expect([
      actionToasts.updateUser.failure,
      actionToasts.resetPassword.failure,
      actionToasts.resetUsage.failure,
      actionToasts.updateUsage(1).failure,
      actionToasts.toggleBlock(ada).failure,
      actionToasts.ban(ada).failure,
      actionToasts.unban(ada).failure,
      actionToasts.grant(ada).failure,
    ]).toEqual([
      'Failed to update user',
      'Failed to reset password',
      'Failed to reset usage',
      'Failed to update usage',
      'Failed to update user status',
      'Failed to ban user',
      'Failed to unban user',
      'Failed to grant SuperNoek plan',
    ]);
  });
});
