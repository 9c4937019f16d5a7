import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRow, stubAdminFetch, type Call } from '../../test/admin-fixtures';
import { renderAdminUsers } from '../../test/render-admin';

const ada = adminRow('ada@example.com', { isBlocked: true });
const bob = adminRow('bob@example.com', { isBanned: true, banReason: 'Spam' });

/** The dashboard on the shell's one client; the list answers ada and bob, writes answer `write`. */
function mount(write: (call: Call) => { status?: number } | undefined = () => undefined) {
  const calls = stubAdminFetch((c) =>
    c.method !== 'GET' ? write(c) : c.path === '/api/admin/users' ? { body: [ada, bob] } : { body: [] },
  );
  const { host } = renderAdminUsers();
  const listReads = () => calls.filter((c) => c.path === '/api/admin/users').length;
  return { calls, host, listReads };
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr')!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('row actions without a dialog (spec §5, §8)', () => {
  it('Reset, Unblock and Unban call once each, toast, and reload the table', async () => {
    const { calls, host, listReads } = mount();
    const adaRow = await rowOf('ada@example.com');
    const before = listReads();
    fireEvent.click(within(adaRow).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Usage Reset',
        description: 'Message count reset to 0',
      }),
    );
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    fireEvent.click(within(adaRow).getByRole('button', { name: 'Unblock' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'User Unblocked',
        description: 'ada@example.com can send messages again',
      }),
    );
    fireEvent.click(within(await rowOf('bob@example.com')).getByRole('button', { name: 'Unban' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'User Unbanned',
        description: 'bob@example.com can sign in again',
      }),
    );
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', path: `/api/admin/users/${ada.id}/reset-usage`, body: undefined },
      { method: 'PATCH', path: `/api/admin/users/${ada.id}/block`, body: { isBlocked: false } },
      { method: 'POST', path: `/api/admin/users/${bob.id}/unban`, body: undefined },
    ]);
  });

  it('a failed action is the Error toast with what failed', async () => {
    const { host } = mount(() => ({ status: 500 }));
    fireEvent.click(within(await rowOf('ada@example.com')).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to reset usage',
        variant: 'destructive',
      }),
    );
  });

  it('a row button opens its dialog for that user; Escape closes it and focus goes back', async () => {
    mount();
    const edit = within(await rowOf('bob@example.com')).getByRole('button', { name: 'Edit' });
    edit.focus();
    fireEvent.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect((within(dialog).getByDisplayValue('bob@example.com') as HTMLInputElement).type).toBe('email');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(edit);
  });
});
