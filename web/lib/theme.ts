import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

export const themeStorageKey = 'theme';

/**
 * Page background per mode. `public/theme-init.js` paints the same colours before React loads, so these two
 * must stay equal to the values written there (a test compares them).
 */
export const pageBackground: Record<ThemeMode, string> = {
  light: '#ffffff',
  dark: '#121212',
};

function buildTheme(mode: ThemeMode): Theme {
  // Breakpoints, spacing and z-index keep MUI's defaults on purpose: they are the product's constants.
  return createTheme({
    // A visible keyboard focus ring on every button-like control, in both modes.
    focusVisible: true,
    palette: {
      mode,
      background: { default: pageBackground[mode] },
    },
    typography: {
      // No web font is downloaded (privacy, CSP, speed): the platform's UI font is used instead.
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      // An unselected toggle's default grey (action.active) is 4.6:1 on white and falls under 4.5:1 on the
      // hover background; the secondary text colour keeps 4.5:1 in both modes, hovered or not.
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({ '&:not(.Mui-selected)': { color: theme.palette.text.secondary } }),
        },
      },
    },
  });
}

export const lightTheme = buildTheme('light');
export const darkTheme = buildTheme('dark');

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark';
}
