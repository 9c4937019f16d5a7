import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

afterEach(cleanup);

function Page(props: { onConfirm: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open && (
        <ConfirmDialog
          title="Delete conversation?"
          message="This cannot be undone."
          confirmLabel="Delete"
          danger
          busy={props.busy}
          onConfirm={props.onConfirm}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}

function open(onConfirm = vi.fn(), busy?: boolean) {
  render(<Page onConfirm={onConfirm} busy={busy} />);
  const opener = screen.getByRole('button', { name: 'Delete' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, onConfirm, dialog: screen.getByRole('alertdialog') };
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title and described by its message', () => {
    const { dialog } = open();
    expect(screen.getByRole('alertdialog', { name: 'Delete conversation?' })).toBe(dialog);
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('This cannot be undone.');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('starts on the confirm button, keeps Tab inside and confirms once', () => {
    const { dialog, onConfirm } = open();
    const confirm = dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(document.activeElement).toBe(confirm);
    expect(confirm.className).toContain('noek-btn-danger');
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Escape cancels and gives focus back to the button that opened it', () => {
    const { opener, onConfirm } = open();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('a click on the backdrop cancels, a click inside does not', () => {
    const { dialog } = open();
    fireEvent.click(dialog);
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    fireEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('while busy the confirm button is disabled and Enter does nothing', () => {
    const { dialog, onConfirm } = open(vi.fn(), true);
    const confirm = dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(dialog.querySelector('form')!);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('Dialog', () => {
  it('a form dialog submits with its button, focus on the first field when asked', () => {
    const onSubmit = vi.fn();
    render(
      <Dialog title="Edit User" onClose={vi.fn()} onSubmit={onSubmit} submitLabel="Save Changes">
        <input aria-label="Name" defaultValue="Ada" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(dialog.querySelector('form')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('without onClose it cannot be dismissed: no Cancel, Escape and the backdrop do nothing', () => {
    render(
      <Dialog title="Change your password">
        <button type="button">Only way out</button>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Change your password' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Only way out');
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(dialog.parentElement!);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
