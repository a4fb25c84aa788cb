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

const heading = (rem: number) => ({ fontWeight: 600, lineHeight: 1.3, fontSize: `${rem}rem` });
const text = (rem: number, lineHeight: number) => ({ fontSize: `${rem}rem`, lineHeight });

/**
 * The type scale of an application, not of a marketing page: a page's title (h1, in the page header) is
 * 28 px, a section's 20–22 px, a card's title 17 px, and the text 16 px, with captions at 12 px. MUI's
 * defaults start at 96 px. Every page takes its sizes from these variants rather than setting its own.
 */
export const typeScale = {
  h1: heading(1.75),
  h2: heading(1.375),
  h3: heading(1.25),
  h4: heading(1.125),
  // h5 and h6 are what sections and their parts use across the app (section headings, card titles).
  h5: heading(1.25),
  h6: heading(1.0625),
  // Subtitles and captions keep MUI's sizes (16, 14 and 12 px); the text gets a little more leading.
  body1: text(1, 1.6),
  body2: text(0.875, 1.5),
} as const;

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
      // A link in an alert takes the alert's own text colour (underlined, so still a link): the theme's link
      // blue falls under 4.5:1 on the tinted backgrounds of the error and warning alerts.
      MuiAlert: { styleOverrides: { message: { '& a': { color: 'inherit' } } } },
      // On a phone every control is a 44 px target at least (WCAG 2.5.5); a mouse keeps MUI's denser sizes.
      MuiButton: {
        styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 44 } }) },
      },
      MuiIconButton: {
        styleOverrides: {
          root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 } }),
        },
      },
      MuiFormControlLabel: {
        styleOverrides: {
          root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 44 } }),
        },
      },
      MuiCheckbox: {
        styleOverrides: {
          root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 } }),
        },
      },
      MuiRadio: {
        styleOverrides: {
          root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 } }),
        },
      },
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            [theme.breakpoints.down('sm')]: { minHeight: 44 },
            // An unselected toggle's default grey (action.active) is 4.6:1 on white and falls under 4.5:1 on
            // the hover background; the secondary text colour keeps 4.5:1 in both modes, hovered or not.
            '&:not(.Mui-selected)': { color: theme.palette.text.secondary },
          }),
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
