import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateBanner } from './update-banner';

let version = '1.0.0';
const calls: string[] = [];
beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  version = '1.0.0';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ version }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('update banner (spec §4 version check)', () => {
  it('stores the first version, polls with a timestamp query, and shows the banner when it changes', async () => {
    vi.useFakeTimers();
    render(<UpdateBanner intervalMs={120_000} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(localStorage.getItem('noek:version')).toBe('1.0.0');
    expect(calls[0]).toMatch(/^\/api\/version\?t=\d+$/);
    expect(screen.queryByText('Website Updated!')).toBeNull();
    version = '1.1.0';
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByText('Website Updated!')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(screen.getByText('Website Updated!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Now' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Website Updated!')).toBeNull();
  });

  it('shows nothing while the version stays the same', async () => {
    localStorage.setItem('noek:version', '1.0.0');
    vi.useFakeTimers();
    render(<UpdateBanner intervalMs={1000} />);
    await act(() => vi.advanceTimersByTimeAsync(3_500));
    expect(calls.length).toBe(4);
    expect(screen.queryByText('Website Updated!')).toBeNull();
  });
});
