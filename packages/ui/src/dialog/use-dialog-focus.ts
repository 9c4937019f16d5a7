import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/** Keeps Tab and Shift+Tab inside `container` (wrapping at either end). */
function trapTab(container: HTMLElement, e: KeyboardEvent): void {
  const items = focusables(container);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return e.preventDefault();
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (e.shiftKey && (active === first || outside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || outside)) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog's keyboard contract (WAI-ARIA dialog pattern): focus moves into the dialog
 * (to `initialFocus`, else its first control), Tab cycles inside it, Escape calls `onEscape` (pass
 * undefined for a dialog that must not be dismissed), and focus returns where it was on close.
 */
export function useDialogFocus(
  container: RefObject<HTMLElement | null>,
  options: { onEscape?: () => void; initialFocus?: RefObject<HTMLElement | null> } = {},
): void {
  const onEscape = useRef(options.onEscape);
  onEscape.current = options.onEscape;
  const initialFocus = options.initialFocus;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusables(el)[0] ?? el).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onEscape.current) {
        e.preventDefault();
        onEscape.current();
      } else if (e.key === 'Tab') trapTab(el, e);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [container, initialFocus]);
}
