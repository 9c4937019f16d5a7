import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast } from './toast.store';
import { placeToast, TOAST_AVOID_ATTRIBUTE, TOAST_GAP_PX, type Box } from './toast-placement';
import { Toaster } from './toaster';

const box = (top: number, bottom: number, left = 0, right = 360): Box => ({ top, bottom, left, right });

describe('placeToast', () => {
  it('keeps its own place when it covers nothing', () => {
    expect(placeToast(box(560, 624), [box(100, 140)], 640)).toBeNull();
    // Beside the primary action, not over it (desktop: a narrow toast in the corner).
    expect(placeToast(box(700, 764, 840, 1264), [box(700, 760, 200, 800)], 780)).toBeNull();
  });

  it('moves just above the primary action it would cover (the composer, Pay at the bottom)', () => {
    const composer = box(560, 632);
    const top = placeToast(box(560, 624), [composer], 640)!;
    expect(top + 64).toBe(composer.top - TOAST_GAP_PX);
  });

  it('moves below the action, or to the top, when there is no room above', () => {
    const pay = box(20, 80);
    const top = placeToast(box(560, 624), [box(100, 632), pay], 640)!;
    expect(top).toBe(TOAST_GAP_PX); // no room anywhere clear: the top
    const below = placeToast(box(10, 74), [box(0, 60)], 640)!;
    expect(below).toBe(60 + TOAST_GAP_PX);
  });

  it('ignores avoided elements that are hidden or scrolled out of view', () => {
    expect(placeToast(box(560, 624), [box(0, 0, 0, 0), box(700, 760)], 640)).toBeNull();
  });
});

describe('the toaster on a page', () => {
  const rect = (b: Box) => ({ ...b, x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top });
  beforeEach(() => {
    vi.stubGlobal('innerHeight', 640);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.hasAttribute(TOAST_AVOID_ATTRIBUTE)) return rect(box(572, 628)) as DOMRect;
      if (this.dataset.testid === 'toaster') return rect(box(560, 624, 16, 344)) as DOMRect;
      return rect(box(0, 0, 0, 0)) as DOMRect;
    });
  });
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('a toast over the primary action is moved above it (360 px wide phone)', () => {
    render(
      <>
        <button type="button" data-toast-avoid="">
          Send
        </button>
        <Toaster />
      </>,
    );
    act(() => void toast({ title: 'Welcome to SuperNoek!' }));
    const toaster = screen.getByTestId('toaster');
    // 64 px high, ending 8 px above the action at 572.
    expect(toaster.style.top).toBe(`${572 - TOAST_GAP_PX - 64}px`);
    expect(toaster.style.bottom).toBe('auto');
  });

  it('stays in its corner when nothing is in the way', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Usage Reset' }));
    expect(screen.getByTestId('toaster').style.top).toBe('');
  });
});
