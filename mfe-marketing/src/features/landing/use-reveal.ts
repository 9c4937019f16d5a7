import { useLayoutEffect, useRef } from 'react';
import { FADE_IN_ROOT_MARGIN, FADE_IN_THRESHOLD } from '@noek/contracts/constants';

const MARGIN_PX = Number.parseInt(FADE_IN_ROOT_MARGIN, 10);

/**
 * Spec §2/§9: a section fades in when it becomes visible (threshold 0.1, 50 px margin). The page is
 * prerendered visible (it must show before any script runs), so only sections still below the fold
 * when the script mounts are hidden (`data-reveal="pending"`), before the browser paints, and fade in
 * (`"revealed"`) when they scroll into view. Users who prefer reduced motion get no fade at all.
 * The attribute is set on the element directly, so the server markup and the first render agree.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    if (el.getBoundingClientRect().top < window.innerHeight + MARGIN_PX) return; // already seen
    el.dataset.reveal = 'pending';
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        el.dataset.reveal = 'revealed';
        observer.disconnect();
      },
      { threshold: FADE_IN_THRESHOLD, rootMargin: FADE_IN_ROOT_MARGIN },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      delete el.dataset.reveal;
    };
  }, []);
  return ref;
}
