import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRow } from '../../test/admin-fixtures';
import { UsageDialog } from './usage-dialog';

afterEach(cleanup);

const count = () => screen.getByRole('spinbutton') as HTMLInputElement;
const update = () => screen.getByRole('button', { name: 'Update Usage' }) as HTMLButtonElement;

describe('Edit User Usage dialog (spec §5: at least 0, non-numeric becomes 0)', () => {
  it.each([
    ['17', 17],
    ['0', 0],
    ['', 0],
    ['abc', 0],
    ['99999999999', 2_147_483_647],
  ])('typing %j sends %d', (typed, sent) => {
    const onSave = vi.fn();
    render(
      <UsageDialog
        user={adminRow('u@example.com', { messageCount: 3 })}
        busy={false}
        onClose={vi.fn()}
        onSave={onSave}
      />,
    );
    expect(count().value).toBe('3');
    fireEvent.change(count(), { target: { value: typed } });
    fireEvent.click(update());
    expect(onSave).toHaveBeenCalledWith(sent);
  });

  it('a negative count is refused by the field itself (min 0): nothing is sent', () => {
    const onSave = vi.fn();
    render(<UsageDialog user={adminRow('w@example.com')} busy={false} onClose={vi.fn()} onSave={onSave} />);
    fireEvent.change(count(), { target: { value: '-5' } });
    fireEvent.click(update());
    expect(count().validity.rangeUnderflow).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('waits while an update is on its way; Cancel closes without one', () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    render(<UsageDialog user={adminRow('v@example.com')} busy onClose={onClose} onSave={onSave} />);
    expect(update().disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
