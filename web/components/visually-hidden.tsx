import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Styles that keep content for screen readers only: off screen, one pixel, nothing drawn. */
export const visuallyHiddenStyles = {
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
} as const;

/**
 * Text for screen readers only, e.g. the words behind an icon that carries meaning. A `div` holds block
 * content such as a table, which may not sit in a span.
 */
export function VisuallyHidden({
  children,
  component = 'span',
}: {
  children: ReactNode;
  component?: 'span' | 'div';
}) {
  return (
    <Box component={component} sx={visuallyHiddenStyles}>
      {children}
    </Box>
  );
}
