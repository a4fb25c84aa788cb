import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/system/ThemeProvider';
import useMediaQuery from '@mui/material/useMediaQuery';
import { readStorage, subscribeToStorage, writeStorage } from './storage.ts';
import { darkTheme, isThemeMode, lightTheme, pageBackground, themeStorageKey } from './theme.ts';
import type { ThemeMode } from './theme.ts';

export const prefersDarkQuery = '(prefers-color-scheme: dark)';

/** The mode the user chose, or null while they have not chosen (then the system preference applies). */
export function readStoredThemeMode(): ThemeMode | null {
  const stored = readStorage(themeStorageKey);
  return isThemeMode(stored) ? stored : null;
}

function subscribe(listener: () => void): () => void {
  return subscribeToStorage(themeStorageKey, listener);
}

interface ThemeModeValue {
  mode: ThemeMode;
  /** True once the user picked a mode; until then the mode follows the system live. */
  chosen: boolean;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

// MUI's own ThemeProvider hands a theme without CSS variables, like these, to @mui/system's provider with
// `vars: null`. Doing the same here directly keeps MUI's CSS-variables provider (a colour-scheme manager and
// its script, never used by these themes) out of the start-up JavaScript.
const providedThemes = {
  light: { ...lightTheme, vars: null },
  dark: { ...darkTheme, vars: null },
} as const;

/**
 * Light/dark theme. The choice lives in local storage under `theme` as exactly `dark` or `light`; with no
 * choice the system preference is followed, also when it changes while the page is open. The first render
 * computes the mode exactly as `public/theme-init.js` did before React loaded, so nothing flashes.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery(prefersDarkQuery, { noSsr: true });
  const stored = useSyncExternalStore(subscribe, readStoredThemeMode, () => null);
  // When storage refuses writes (blocked or private mode) the choice still holds for this page's lifetime.
  const [unsaved, setUnsaved] = useState<ThemeMode | null>(null);
  const chosenMode = stored ?? unsaved;
  const mode: ThemeMode = chosenMode ?? (prefersDark ? 'dark' : 'light');

  const toggle = useCallback(() => {
    const next: ThemeMode = mode === 'dark' ? 'light' : 'dark';
    setUnsaved(writeStorage(themeStorageKey, next) ? null : next);
  }, [mode]);

  // Keeps the pre-React paint (set by theme-init.js) in step, so native scrollbars, form controls and the
  // area behind overscroll match the chosen mode.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    root.style.backgroundColor = pageBackground[mode];
  }, [mode]);

  const value = useMemo(() => ({ mode, chosen: chosenMode !== null, toggle }), [mode, chosenMode, toggle]);

  return (
    <ThemeModeContext value={value}>
      <ThemeProvider theme={providedThemes[mode]}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return value;
}
