import { create } from 'zustand';
import { DEFAULT_THEME } from '@noek/contracts/constants';
import { storageKeys } from '@noek/contracts/storage-keys';

export type Theme = 'light' | 'dark';

/** Spec §9: light unless the user chose otherwise. */
export const defaultTheme: Theme = DEFAULT_THEME;

export function readStoredTheme(): Theme {
  try {
    const v = globalThis.localStorage?.getItem(storageKeys.theme());
    return v === 'dark' || v === 'light' ? v : defaultTheme;
  } catch {
    return defaultTheme; // storage can be disabled (privacy modes); the default is fine
  }
}

/** The theme lives on <html> so every remote's CSS (variables) follows without knowing the store. */
export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

export const useThemeStore = create<ThemeState>((set, get) => ({
  theme: readStoredTheme(),
  setTheme: (theme) => {
    try {
      globalThis.localStorage?.setItem(storageKeys.theme(), theme);
    } catch {
      // not persisted, still applied for this page
    }
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

/** The hook screens use: current theme plus the toggle. */
export function useTheme(): ThemeState {
  return useThemeStore();
}
