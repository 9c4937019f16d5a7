import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import { createQueryClient } from '@noek/ui/query';
import { adminRow, stubAdminFetch, type Call } from '../../test/admin-fixtures';
import { RowDialogs, type OpenDialog } from './row-dialogs';

const ada = adminRow('ada@example.com', { messageCount: 12 });

function mount(
  kind: OpenDialog['kind'],
  answer?: (call: Call) => { status?: number; body?: unknown } | undefined,
) {
  const calls = stubAdminFetch(answer);
  const host = spyHostApi(() => vi.fn());
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RowDialogs open={{ kind, user: ada }} host={host} onClose={onClose} />
    </QueryClientProvider>,
  );
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { calls, writes, host, onClose };
}

// A field by its label (the label element holds the control, and a hint under it).
function field(label: string): HTMLInputElement {
  const el = [...document.querySelectorAll('label')].find((l) => l.firstElementChild?.textContent === label);
  const control = el?.querySelector<HTMLInputElement>('input, textarea, select');
  if (!control) throw new Error(`no field labelled ${label}`);
  return control;
}
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Ban User dialog (spec §5)', () => {
  it('needs a reason and whole hours; bans with them, toasts and closes', async () => {
    const { writes, host, onClose } = mount('ban');
    const dialog = screen.getByRole('dialog', { name: 'Ban User' });
    const ban = within(dialog).getByRole('button', { name: 'Ban User' }) as HTMLButtonElement;
    expect(ban.disabled).toBe(true);
    type('Reason', 'Spamming');
    type('Duration (hours)', '1.5');
    expect(ban.disabled).toBe(true);
    type('Duration (hours)', '24');
    fireEvent.click(ban);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      { method: 'POST', path: `/api/admin/users/${ada.id}/ban`, body: { reason: 'Spamming', duration: 24 } },
    ]);
    expect(host.toast).toHaveBeenCalledWith({
      title: 'User Banned',
      description: 'ada@example.com has been banned',
    });
  });

  it('an empty duration is a permanent ban', async () => {
    const { writes, onClose } = mount('ban');
    type('Reason', 'Abuse');
    fireEvent.click(screen.getByRole('button', { name: 'Ban User' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]?.body).toEqual({ reason: 'Abuse', duration: null });
  });

  it('a failed ban is the Error toast and the dialog stays open with what was typed', async () => {
    const { host, onClose } = mount('ban', (c) => (c.method === 'POST' ? { status: 503 } : undefined));
    type('Reason', 'Spamming');
    fireEvent.click(screen.getByRole('button', { name: 'Ban User' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to ban user',
        variant: 'destructive',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(field('Reason').value).toBe('Spamming');
    expect((screen.getByRole('button', { name: 'Ban User' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Reset Password confirmation (spec §5)', () => {
  it('asks first; confirming shows the new password once, until dismissed', async () => {
    const { writes, host, onClose } = mount('password', (c) =>
      c.method === 'POST' ? { body: { newPassword: 'Fresh-Pass-1234' } } : undefined,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Reset Password' });
    expect(dialog.textContent).toContain('Reset the password of ada?');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Reset Password' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      { method: 'POST', path: `/api/admin/users/${ada.id}/reset-password`, body: undefined },
    ]);
    expect(host.toast).toHaveBeenCalledWith({
      title: 'Password Reset',
      description: 'New password: Fresh-Pass-1234',
      durationMs: 0,
    });
  });

  it('Escape and Cancel reset nothing', () => {
    const { writes, onClose } = mount('password');
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(writes()).toEqual([]);
  });
});

describe('Edit User Usage dialog (spec §5)', () => {
  it('starts at the current count; non-numeric text is sent as 0', async () => {
    const { writes, host, onClose } = mount('usage');
    expect(field('Message Count').value).toBe('12');
    type('Message Count', '');
    fireEvent.click(screen.getByRole('button', { name: 'Update Usage' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      { method: 'PATCH', path: `/api/admin/users/${ada.id}/usage`, body: { messageCount: 0 } },
    ]);
    expect(host.toast).toHaveBeenCalledWith({
      title: 'Usage Updated',
      description: 'Message count set to 0',
    });
  });
});

describe('Grant SuperNoek Plan dialog (spec §3)', () => {
  it('refuses an expiry in the past; empty is a permanent grant with the email on', async () => {
    const { writes, onClose } = mount('grant');
    const grant = screen.getByRole('button', { name: 'Grant SuperNoek' }) as HTMLButtonElement;
    type('Expires At', '2001-01-01T10:00');
    expect(grant.disabled).toBe(true);
    type('Expires At', '');
    expect(grant.disabled).toBe(false);
    fireEvent.click(grant);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]).toEqual({
      method: 'POST',
      path: `/api/admin/users/${ada.id}/grant-supernoek`,
      body: { expiresAt: null, sendEmail: true },
    });
  });
});

describe('Edit User dialog (spec §5)', () => {
  it('sends the features trimmed and the password only when typed', async () => {
    const { writes, host, onClose } = mount('edit', (c) =>
      c.method === 'PATCH' ? { body: { user: { ...ada, name: 'Ada L' } } } : undefined,
    );
    type('Name', 'Ada L');
    type('Special Features', ' beta , , early ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]?.body).toEqual({
      name: 'Ada L',
      email: 'ada@example.com',
      accessLevel: ada.accessLevel,
      specialFeatures: ['beta', 'early'],
    });
    expect(host.toast).toHaveBeenCalledWith({ title: 'Success', description: 'User updated successfully' });
  });
});

describe('History dialog', () => {
  it("lists the user's admin actions, or says there are none", async () => {
    mount('history', (c) => (c.path.endsWith('/audit') ? { body: [] } : undefined));
    expect(screen.getByRole('dialog', { name: 'History of ada' })).toBeTruthy();
    await screen.findByText('No admin actions on this user yet.');
  });
});
