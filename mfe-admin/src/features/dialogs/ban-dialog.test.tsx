import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRow } from '../../test/admin-fixtures';
import { BanDialog, durationValid } from './ban-dialog';

afterEach(cleanup);

const user = adminRow('eve@example.com');
function field(label: string): HTMLInputElement {
  const el = [...document.querySelectorAll('label')].find((l) => l.firstElementChild?.textContent === label);
  const control = el?.querySelector<HTMLInputElement>('input, textarea');
  if (!control) throw new Error(`no field labelled ${label}`);
  return control;
}
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const banButton = () => screen.getByRole('button', { name: 'Ban User' }) as HTMLButtonElement;

describe('ban duration (whole hours, at least 1, or empty for permanent)', () => {
  it('accepts empty and whole hours from 1; refuses 0, fractions, negatives and words', () => {
    for (const ok of ['', '  ', '1', '24', ' 168 ', '8760']) expect(durationValid(ok), ok).toBe(true);
    for (const bad of ['0', '1.5', '-3', 'abc', '1e2', '2h']) expect(durationValid(bad), bad).toBe(false);
  });
});

describe('Ban User dialog', () => {
  it('names the user; the duration field says when it is invalid and the button waits for a reason', () => {
    const onBan = vi.fn();
    render(<BanDialog user={user} busy={false} onClose={vi.fn()} onBan={onBan} />);
    expect(screen.getByRole('dialog', { name: 'Ban User' }).textContent).toContain('eve@example.com');
    expect(screen.getByText(/Leave empty for a permanent ban/)).toBeTruthy();
    expect(banButton().disabled).toBe(true);
    type('Reason', '   ');
    expect(banButton().disabled).toBe(true);
    type('Reason', 'Harassment');
    type('Duration (hours)', '0');
    expect(field('Duration (hours)').getAttribute('aria-invalid')).toBe('true');
    expect(banButton().disabled).toBe(true);
    type('Duration (hours)', ' 48 ');
    expect(field('Duration (hours)').getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(banButton());
    expect(onBan).toHaveBeenCalledWith({ reason: 'Harassment', duration: 48 });
  });

  it('is not sent twice while the ban is on its way', () => {
    const onBan = vi.fn();
    render(<BanDialog user={user} busy onClose={vi.fn()} onBan={onBan} />);
    type('Reason', 'Spam');
    expect(banButton().disabled).toBe(true);
    fireEvent.submit(banButton().closest('form')!);
    expect(onBan).not.toHaveBeenCalled();
  });
});
