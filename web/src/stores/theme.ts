import { create } from 'zustand';

export type ThemeChoice = 'dark' | 'light' | 'system';

/** localStorage key the spec names; public/theme-init.js reads the same key before the first paint. */
export const THEME_STORAGE_KEY = 'theme';

function readStoredChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'system' ? stored : 'dark';
  } catch {
    return 'dark';
  }
}

const systemQuery = () => window.matchMedia?.('(prefers-color-scheme: light)');

/** The theme shown for a choice: 'system' follows the operating system. */
export function resolveTheme(choice: ThemeChoice): 'dark' | 'light' {
  if (choice !== 'system') return choice;
  return systemQuery()?.matches ? 'light' : 'dark';
}

function apply(choice: ThemeChoice): void {
  document.documentElement.setAttribute('data-theme', resolveTheme(choice));
}

interface ThemeState {
  choice: ThemeChoice;
  setChoice(choice: ThemeChoice): void;
}

export const useThemeStore = create<ThemeState>((set) => ({
  choice: readStoredChoice(),
  setChoice(choice) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, choice);
    } catch {
      // storage blocked: the choice still applies to this tab
    }
    apply(choice);
    set({ choice });
  },
}));

/** Keeps 'system' in step with the operating system while the page is open. */
export function watchSystemTheme(): () => void {
  const query = systemQuery();
  if (!query) return () => undefined;
  const handleChange = () => {
    if (useThemeStore.getState().choice === 'system') apply('system');
  };
  query.addEventListener('change', handleChange);
  return () => query.removeEventListener('change', handleChange);
}
