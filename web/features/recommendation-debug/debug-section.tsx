import { useId } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { space } from '../../lib/spacing.ts';

/** One part of the page: a region named by its h2, so screen-reader users can jump between the parts. */
export function DebugSection({
  title,
  actions,
  children,
}: {
  title: string;
  /** Controls on the heading's row (they wrap under it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: space.section, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: space.inline,
          mb: space.inline,
        }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

/**
 * A table's own scrolling box: on a phone a wide table scrolls sideways inside it, never the page. It can
 * take the keyboard's focus, so the arrow keys scroll it too.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      role="group"
      aria-label={`${label}, scroll sideways`}
      tabIndex={0}
      sx={{
        // The containing block of what is positioned inside (text for screen readers only), so that too
        // scrolls within the box instead of widening the page.
        position: 'relative',
        maxWidth: '100%',
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {children}
    </TableContainer>
  );
}
