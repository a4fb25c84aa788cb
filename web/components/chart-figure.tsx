import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A chart with its name and its numbers: the figure is named by its caption, and a table under "Show the
 * numbers" holds the same data for screen readers and for anyone who wants exact values. Leave `table` out
 * only where the same numbers already stand in a table beside the chart.
 */
export function ChartFigure({
  title,
  description,
  table,
  children,
}: {
  title: string;
  description?: ReactNode;
  table?: ReactNode;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, mt: 4 }}>
      <Typography id={captionId} component="figcaption" variant="h5" gutterBottom>
        {title}
      </Typography>
      {description ? <Typography sx={{ mb: 1 }}>{description}</Typography> : null}
      {children}
      {table ? (
        <Box
          component="details"
          sx={{ mt: 1, '& summary': { cursor: 'pointer', color: 'primary.main', py: 1.25 } }}
        >
          <summary>Show the numbers</summary>
          <Box
            role="group"
            aria-label={`${title}: the numbers, scroll sideways`}
            tabIndex={0}
            sx={{
              overflowX: 'auto',
              mt: 1,
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
              '& table': { borderCollapse: 'collapse', fontSize: '0.875rem' },
              '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
            }}
          >
            {table}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
