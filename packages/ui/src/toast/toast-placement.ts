/**
 * Where a toast may not go: the screen's primary action (Send and the box it sends, Pay). Mark such an
 * element with this attribute; the toaster moves out of its way.
 */
export const TOAST_AVOID_ATTRIBUTE = 'data-toast-avoid';

/** Space kept between a toast and what it avoids, and from the viewport's edges. */
export const TOAST_GAP_PX = 8;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The toast's top edge (px from the viewport's top) so that it covers none of `avoid`, or null when its
 * own place (`toast`, as the CSS puts it) covers none. Tries, nearest to its own place first: just
 * above each obstacle, the top of the viewport, just below each obstacle. If nowhere is clear (a
 * screen filled by primary actions), the top of the viewport.
 */
export function placeToast(toast: Box, avoid: readonly Box[], viewportHeight: number): number | null {
  const height = toast.bottom - toast.top;
  const inView = avoid.filter(
    (r) => r.bottom > r.top && r.right > r.left && r.bottom > 0 && r.top < viewportHeight,
  );
  const at = (top: number): Box => ({ ...toast, top, bottom: top + height });
  const clear = (top: number) => !inView.some((r) => overlaps(at(top), r));
  if (clear(toast.top)) return null;
  const fits = (top: number) => top >= TOAST_GAP_PX && top + height <= viewportHeight - TOAST_GAP_PX;
  const candidates = [
    ...inView.map((r) => r.top - TOAST_GAP_PX - height),
    TOAST_GAP_PX,
    ...inView.map((r) => r.bottom + TOAST_GAP_PX),
  ]
    .filter(fits)
    .sort((a, b) => Math.abs(a - toast.top) - Math.abs(b - toast.top));
  return candidates.find(clear) ?? TOAST_GAP_PX;
}
