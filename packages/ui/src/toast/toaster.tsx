import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useToastStore } from './toast.store';
import { placeToast, TOAST_AVOID_ATTRIBUTE } from './toast-placement';

const avoided = () => [...document.querySelectorAll(`[${TOAST_AVOID_ATTRIBUTE}]`)];

/**
 * Keeps the toaster off the primary actions (`data-toast-avoid`): measured when a toast shows and, while
 * one shows, whenever the page changes under it (resize, scroll, an avoided element appearing, e.g. the
 * chat's composer mounting after 'Start Chatting', or changing size). One measure per frame at most.
 */
function useAvoidingPlacement(shown: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);
  const place = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const own = el.getBoundingClientRect();
    const height = own.bottom - own.top;
    // Its own place is the CSS one (a bottom corner), wherever the last placement moved it: read from
    // the custom property, since the computed `bottom` of a moved toaster is where it now is.
    const cssBottom = parseFloat(getComputedStyle(el).getPropertyValue('--noek-toaster-bottom')) || 0;
    const homeTop = window.innerHeight - cssBottom - height;
    const home = { left: own.left, right: own.right, top: homeTop, bottom: homeTop + height };
    const avoid = avoided().map((a) => a.getBoundingClientRect());
    setTop(placeToast(home, avoid, window.innerHeight));
  }, []);
  useLayoutEffect(() => {
    if (!shown) return; // an empty toaster's place does not matter; the next toast is measured anew
    place();
    let frame = 0;
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => schedule());
    const watch = () => avoided().forEach((a) => sizes?.observe(a));
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        watch();
        place();
      });
    };
    watch();
    const dom = new MutationObserver(schedule);
    dom.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      sizes?.disconnect();
      dom.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
    };
  }, [shown, place]);
  return { ref, style: top === null ? undefined : { top, bottom: 'auto' } };
}

/**
 * Renders the current toast (spec §9: at most one). Mount once, in the shell. It never covers a
 * primary action: see `toast-placement.ts`.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const { ref, style } = useAvoidingPlacement(toasts.length > 0 ? toasts : null);
  return (
    <div className="noek-toaster" aria-live="polite" data-testid="toaster" ref={ref} style={style}>
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          className={`noek-toast${t.variant === 'destructive' ? ' noek-toast-destructive' : ''}`}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
        >
          <div className="noek-toast-body">
            <div className="noek-toast-title">{t.title}</div>
            {t.description ? <div className="noek-toast-description">{t.description}</div> : null}
          </div>
          <button
            type="button"
            className="noek-toast-close"
            aria-label="Dismiss"
            onClick={() => dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
