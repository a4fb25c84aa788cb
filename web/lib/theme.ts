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

const heading = { fontWeight: 600, lineHeight: 1.3, letterSpacing: 0 } as const;

/**
 * The type scale of an application, not of a marketing page: a page's title (h1, in the page header) is
 * 28 px, a section's 20–22 px, a card's title 17 px, and the text 16 px, with captions at 12 px. MUI's
 * defaults start at 96 px.
 * Every page takes its sizes from these variants rather than setting its own.
 */
export const typeScale = {
  h1: { ...heading, fontSize: '1.75rem' },
  h2: { ...heading, fontSize: '1.375rem' },
  h3: { ...heading, fontSize: '1.25rem' },
  h4: { ...heading, fontSize: '1.125rem' },
  // h5 and h6 are what sections and their parts use across the app (section headings, card titles).
  h5: { ...heading, fontSize: '1.25rem' },
  h6: { ...heading, fontSize: '1.0625rem' },
  subtitle1: { fontSize: '1rem', lineHeight: 1.5 },
  subtitle2: { fontSize: '0.875rem', fontWeight: 600, lineHeight: 1.5 },
  body1: { fontSize: '1rem', lineHeight: 1.6 },
  body2: { fontSize: '0.875rem', lineHeight: 1.5 },
  caption: { fontSize: '0.75rem', lineHeight: 1.5 },
} as const;

/**
 * Spacing steps, in units of the theme's 8 px: between a page's header and its content, between sections,
 * between the blocks of a section, and inside a block. Pages use these rather than numbers of their own.
 */
export const space = { page: 3, section: 4, block: 2, inline: 1 } as const;

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
      ...typeScale,
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
