import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRow } from '../../test/admin-fixtures';
import { GrantDialog } from './grant-dialog';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const expires = () => document.querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
const grant = () => screen.getByRole('button', { name: 'Grant SuperNoek' }) as HTMLButtonElement;

describe('Grant SuperNoek Plan dialog', () => {
  it('an expiry in the past (as of opening) is marked invalid and cannot be sent', () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00'), toFake: ['Date'] });
    const onGrant = vi.fn();
    render(<GrantDialog user={adminRow('g@example.com')} busy={false} onClose={vi.fn()} onGrant={onGrant} />);
    fireEvent.change(expires(), { target: { value: '2026-06-01T11:59' } });
    expect(expires().getAttribute('aria-invalid')).toBe('true');
    expect(grant().disabled).toBe(true);
    fireEvent.change(expires(), { target: { value: '2026-07-01T09:30' } });
    expect(expires().getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(grant());
    expect(onGrant).toHaveBeenCalledWith({
      expiresAt: new Date('2026-07-01T09:30').toISOString(),
      sendEmail: true,
    });
  });

  it('the notification email can be turned off; no expiry is a permanent grant', () => {
    const onGrant = vi.fn();
    render(<GrantDialog user={adminRow('h@example.com')} busy={false} onClose={vi.fn()} onGrant={onGrant} />);
    const email = screen.getByRole('checkbox', { name: 'Send notification email' }) as HTMLInputElement;
    expect(email.checked).toBe(true);
    fireEvent.click(email);
    fireEvent.click(grant());
    expect(onGrant).toHaveBeenCalledWith({ expiresAt: null, sendEmail: false });
  });

  it('waits while a grant is on its way', () => {
    render(<GrantDialog user={adminRow('i@example.com')} busy onClose={vi.fn()} onGrant={vi.fn()} />);
    expect(grant().disabled).toBe(true);
  });
});
