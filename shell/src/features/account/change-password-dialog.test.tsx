import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@noek/ui';
import { ChangePasswordDialog } from './change-password-dialog';
import { stubFetch } from '../auth/test-utils';
import { sampleUser } from '@noek/contracts/testing/sample-user';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

function open(onClose = vi.fn()) {
  render(
    <>
      <ChangePasswordDialog onClose={onClose} />
      <Toaster />
    </>,
  );
  return onClose;
}

describe('change password dialog (spec §5, §8)', () => {
  it('submit is disabled until all three fields are filled; mismatch and short passwords are refused', () => {
    const calls = stubFetch(() => undefined);
    open();
    const submit = screen.getByTestId('change-password-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    type('current-password', 'old');
    type('new-password', 'abcdef');
    expect(submit.disabled).toBe(true);
    type('confirm-password', 'abcdeg');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(screen.getByTestId('change-password-error').textContent).toBe('Passwords do not match');
    type('new-password', 'abc');
    type('confirm-password', 'abc');
    fireEvent.click(submit);
    expect(screen.getByTestId('change-password-error').textContent).toBe(
      'Password must be at least 6 characters long',
    );
    expect(calls).toHaveLength(0);
  });

  it('changes the password, toasts Password Changed and closes', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { message: 'Password changed successfully' } }));
    const onClose = open();
    type('current-password', 'old-pw');
    type('new-password', 'new-pw1');
    type('confirm-password', 'new-pw1');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByTestId('toast').textContent).toContain('Password Changed');
    expect(calls[0]).toMatchObject({
      path: '/api/auth/change-password',
      body: { currentPassword: 'old-pw', newPassword: 'new-pw1' },
    });
  });

  it.each([
    [
      'the server message',
      { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Current password is incorrect' } },
      'Current password is incorrect',
    ],
    ['the fallback', 'network-error' as const, 'Failed to change password. Please try again.'],
  ])('shows %s on failure', async (_l, answer, text) => {
    stubFetch(() => answer);
    open();
    type('current-password', 'old-pw');
    type('new-password', 'new-pw1');
    type('confirm-password', 'new-pw1');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect((await screen.findByTestId('change-password-error')).textContent).toBe(text);
  });
});

describe('forced change after an admin reset', () => {
  it('shows the dialog without Cancel while mustChangePassword is set, and clears the flag after success', async () => {
    const { useSessionStore } = await import('../auth/session.store');
    const { ForcedPasswordChange } = await import('./forced-password-change');
    useSessionStore.getState().setUser(sampleUser({ mustChangePassword: true }));
    stubFetch(() => ({ status: 200, body: { message: 'ok' } }));
    render(<ForcedPasswordChange />);
    expect(screen.queryByTestId('change-password-cancel')).toBeNull();
    type('current-password', 'Temp-Reset-1');
    type('new-password', 'mine-now');
    type('confirm-password', 'mine-now');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(screen.queryByTestId('change-password-dialog')).toBeNull());
    expect(useSessionStore.getState().user?.mustChangePassword).toBe(false);
    useSessionStore.getState().clear();
  });
});
