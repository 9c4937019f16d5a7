import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, useToastStore } from './toast.store';
import { Toaster } from './toaster';

beforeEach(() => act(() => dismissToast()));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows at most one: a new toast replaces the old (spec §9)', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'First', description: 'one' }));
    act(() => void toast({ title: 'Error', description: 'Failed to ban user', variant: 'destructive' }));
    const shown = screen.getAllByTestId('toast');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('Failed to ban user');
    expect(shown[0]!.getAttribute('data-variant')).toBe('destructive');
    expect(shown[0]!.getAttribute('role')).toBe('alert');
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it('goes away after its duration, and the replaced one cannot dismiss the new one', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Old', durationMs: 1000 }));
    act(() => void toast({ title: 'New', durationMs: 5000 }));
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId('toast').textContent).toContain('New');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('can be dismissed by the user', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Password Changed', durationMs: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
