import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from './theme.ts';

describe('the themes', () => {
  it('use neither CSS variables nor colour schemes, which the build leaves out of MUI', () => {
    // See withoutMuiCssVariablesThemes in web/vite.config.ts: such a theme would fail in the built app.
    for (const theme of [lightTheme, darkTheme]) {
      expect(theme).not.toHaveProperty('colorSchemes');
      expect(theme.vars).toBeUndefined();
    }
  });
});
