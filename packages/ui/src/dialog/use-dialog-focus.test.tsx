import { useRef, useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDialogFocus } from './use-dialog-focus';

function Dialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, { onEscape: onClose });
  return (
    <div ref={ref} role="dialog" aria-label="Test">
      <button type="button">First</button>
      <button type="button">Last</button>
    </div>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}

afterEach(cleanup);
const focused = () => document.activeElement?.textContent;

describe('useDialogFocus (issue 9: dialogs hold focus and close with Escape)', () => {
  it('moves focus in, wraps Tab at both ends, closes on Escape and gives focus back', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(focused()).toBe('First');
    screen.getByRole('button', { name: 'Last' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(focused()).toBe('First');
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(focused()).toBe('Last');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
