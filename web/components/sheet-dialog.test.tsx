import { act, render, screen } from '@testing-library/react';
import DialogTitle from '@mui/material/DialogTitle';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { lightTheme } from '../lib/theme.ts';
import { setViewportWidth } from '../test/media.ts';
import { SheetDialog } from './sheet-dialog.tsx';

const paper = () => screen.getByRole('dialog');

describe('SheetDialog', () => {
  it('floats on a wide screen and fills a phone’s, following the window as it changes', () => {
    render(
      <ThemeProvider theme={lightTheme}>
        <SheetDialog open aria-labelledby="t">
          <DialogTitle id="t">Report this card</DialogTitle>
        </SheetDialog>
      </ThemeProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Report this card' })).toBeVisible();
    expect(paper()).not.toHaveClass('MuiDialog-paperFullScreen');
    act(() => setViewportWidth(375));
    expect(paper()).toHaveClass('MuiDialog-paperFullScreen');
    act(() => setViewportWidth(600));
    expect(paper()).not.toHaveClass('MuiDialog-paperFullScreen');
  });
});
