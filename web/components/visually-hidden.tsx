import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Text for screen readers only, e.g. the words behind an icon that carries meaning. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        // Strings, because sx reads the numbers 1 as 100% and -1 as a spacing step.
        width: '1px',
        height: '1px',
        padding: 0,
        margin: '-1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </Box>
  );
}
