import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Confetti } from './confetti';

afterEach(() => vi.useRealTimers());

describe('confetti', () => {
  it('shows 50 icons for 3 seconds (spec §9)', () => {
    vi.useFakeTimers();
    const { container } = render(<Confetti />);
    expect(container.querySelectorAll('.billing-confetti__icon')).toHaveLength(50);
    act(() => vi.advanceTimersByTime(2999));
    expect(container.querySelector('[data-testid="confetti"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(container.querySelector('[data-testid="confetti"]')).toBeNull();
  });
});
