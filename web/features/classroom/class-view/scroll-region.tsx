import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A table wider than a phone scrolls inside this region rather than the page sideways; the region takes the
 * focus, so the keyboard scrolls it too (as the Play statistics' calendar does).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={`${label}, scrolls sideways`}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        maxWidth: '100%',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {children}
    </Box>
  );
}
