import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { storageKeys } from '@noek/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStoredTheme, useThemeStore } from './theme.store';
import { ThemeToggle } from './theme-toggle';

beforeEach(() => {
  localStorage.clear();
  act(() => useThemeStore.getState().setTheme('light'));
  localStorage.clear();
});
afterEach(cleanup);

describe('theme', () => {
  it('is light by default (spec §9) and ignores a junk stored value', () => {
    expect(readStoredTheme()).toBe('light');
    localStorage.setItem(storageKeys.theme(), 'purple');
    expect(readStoredTheme()).toBe('light');
  });

  it('toggles, persists the choice and marks <html>', () => {
    render(<ThemeToggle />);
    fireEvent.click(screen.getByTestId('theme-toggle'));
    expect(localStorage.getItem(storageKeys.theme())).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-label')).toBe('Switch to light theme');

    fireEvent.click(screen.getByTestId('theme-toggle'));
    expect(localStorage.getItem(storageKeys.theme())).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('reads the persisted choice back on the next page load', () => {
    act(() => useThemeStore.getState().setTheme('dark'));
    expect(readStoredTheme()).toBe('dark');
  });
});
