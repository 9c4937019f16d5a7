import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRow } from '../../test/admin-fixtures';
import { EditUserDialog } from './edit-user-dialog';

afterEach(cleanup);

function field(label: string): HTMLInputElement {
  const el = [...document.querySelectorAll('label')].find((l) => l.firstElementChild?.textContent === label);
  const control = el?.querySelector<HTMLInputElement>('input, select');
  if (!control) throw new Error(`no field labelled ${label}`);
  return control;
}
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
const levelOptions = () => [...field('Access Level').querySelectorAll('option')].map((o) => o.value);

describe('Edit User dialog', () => {
  it('starts from the user as they are, and saves the edited fields', () => {
    const onSave = vi.fn();
    const user = adminRow('ada@example.com', {
      name: 'Ada',
      accessLevel: 'premium',
      specialFeatures: ['beta', 'x'],
    });
    render(<EditUserDialog user={user} busy={false} onClose={vi.fn()} onSave={onSave} />);
    expect(field('Name').value).toBe('Ada');
    expect(field('Email').value).toBe('ada@example.com');
    expect(field('Access Level').value).toBe('premium');
    expect(field('Special Features').value).toBe('beta, x');
    expect(field('New Password').value).toBe('');
    type('Access Level', 'admin');
    type('Special Features', 'beta, , gamma ');
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith({
      name: 'Ada',
      email: 'ada@example.com',
      accessLevel: 'admin',
      specialFeatures: ['beta', 'gamma'],
    });
  });

  it('cannot be saved with an empty name or email, nor while saving', () => {
    const { rerender } = render(
      <EditUserDialog user={adminRow('bo@example.com')} busy={false} onClose={vi.fn()} onSave={vi.fn()} />,
    );
    type('Name', '  ');
    expect(save().disabled).toBe(true);
    type('Name', 'Bo');
    type('Email', '');
    expect(save().disabled).toBe(true);
    type('Email', 'bo@example.com');
    expect(save().disabled).toBe(false);
    rerender(<EditUserDialog user={adminRow('bo@example.com')} busy onClose={vi.fn()} onSave={vi.fn()} />);
    expect(save().disabled).toBe(true);
  });

  it('offers SuperNoek as a level only to keep it (it is granted, not picked)', () => {
    render(
      <EditUserDialog user={adminRow('b@example.com')} busy={false} onClose={vi.fn()} onSave={vi.fn()} />,
    );
    expect(levelOptions()).not.toContain('supernoek');
    cleanup();
    render(
      <EditUserDialog
        user={adminRow('s@example.com', { accessLevel: 'supernoek' })}
        busy={false}
        onClose={vi.fn()}
        onSave={vi.fn()}
      />,
    );
    expect(levelOptions()).toContain('supernoek');
    expect(field('Access Level').value).toBe('supernoek');
  });

  it('Escape closes it without saving', () => {
    const onClose = vi.fn();
    const onSave = vi.fn();
    render(
      <EditUserDialog user={adminRow('c@example.com')} busy={false} onClose={onClose} onSave={onSave} />,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
