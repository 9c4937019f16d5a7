import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRow } from '../../test/admin-fixtures';
import { UsersTable } from './users-table';

afterEach(cleanup);

const cell = (email: string, column: string) =>
  screen.getByText(email).closest('tr')!.querySelector(`td[data-label="${column}"]`)!.textContent;
const buttonsOf = (email: string) =>
  within(screen.getByText(email).closest('tr')!)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('users table (spec §2 columns)', () => {
  it('shows usage against the limit, unlimited, or unavailable when chat cannot say', () => {
    render(
      <UsersTable
        onAction={vi.fn()}
        users={[
          adminRow('basic@example.com', { messageCount: 12, messageLimit: 3000, resetPeriodHours: 24 }),
          adminRow('admin@example.com', {
            accessLevel: 'admin',
            messageCount: 4,
            messageLimit: null,
            resetPeriodHours: null,
          }),
          adminRow('nochat@example.com', { messageCount: 12, usageAvailable: false }),
        ]}
      />,
    );
    expect(cell('basic@example.com', 'Usage')).toBe('12 / 3000');
    expect(cell('basic@example.com', 'Reset Period')).toBe('Every 24 hours');
    expect(cell('admin@example.com', 'Usage')).toBe('4 / unlimited');
    expect(cell('admin@example.com', 'Reset Period')).toBe('Never');
    expect(cell('nochat@example.com', 'Usage')).toBe('unavailable');
  });

  it('says Banned over Blocked over Active, and lists special features or a dash', () => {
    render(
      <UsersTable
        onAction={vi.fn()}
        users={[
          adminRow('both@example.com', { isBanned: true, isBlocked: true }),
          adminRow('blocked@example.com', { isBlocked: true, specialFeatures: ['beta', 'voice'] }),
          adminRow('fine@example.com'),
        ]}
      />,
    );
    expect(cell('both@example.com', 'Status')).toBe('Banned');
    expect(cell('blocked@example.com', 'Status')).toBe('Blocked');
    expect(cell('fine@example.com', 'Status')).toBe('Active');
    expect(cell('blocked@example.com', 'Special Features')).toBe('beta, voice');
    expect(cell('fine@example.com', 'Special Features')).toBe('-');
  });

  it("each row's buttons follow its state; Grant SuperNoek is hidden for a SuperNoek user", () => {
    render(
      <UsersTable
        onAction={vi.fn()}
        users={[
          adminRow('plain@example.com'),
          adminRow('held@example.com', { isBlocked: true, isBanned: true, accessLevel: 'supernoek' }),
        ]}
      />,
    );
    expect(buttonsOf('plain@example.com')).toEqual([
      'Edit',
      'Usage',
      'Reset',
      'Block',
      'Ban',
      'Password',
      'Grant SuperNoek',
      'History',
      'Tokens',
    ]);
    expect(buttonsOf('held@example.com')).toEqual([
      'Edit',
      'Usage',
      'Reset',
      'Unblock',
      'Unban',
      'Password',
      'History',
      'Tokens',
    ]);
  });

  it('a button names its action and its user', () => {
    const onAction = vi.fn();
    const ada = adminRow('ada@example.com');
    render(<UsersTable onAction={onAction} users={[adminRow('bob@example.com'), ada]} />);
    fireEvent.click(
      within(screen.getByText('ada@example.com').closest('tr')!).getByRole('button', { name: 'Ban' }),
    );
    expect(onAction).toHaveBeenCalledWith('ban', ada);
  });

  it('rows from before a failed refresh are marked out of date, also for screen readers', () => {
    const { rerender } = render(<UsersTable onAction={vi.fn()} users={[adminRow('a@example.com')]} />);
    expect(screen.getByRole('table').getAttribute('data-stale')).toBe('false');
    expect(screen.queryByText('Out of date: the last refresh failed')).toBeNull();
    rerender(<UsersTable onAction={vi.fn()} users={[adminRow('a@example.com')]} stale />);
    expect(screen.getByRole('table').getAttribute('data-stale')).toBe('true');
    expect(screen.getByText('Out of date: the last refresh failed').tagName).toBe('CAPTION');
  });
});
