import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** Labelled values as a `<dl>` in two columns: a record's fields (a card's, a paper's). */
export function DefinitionList({ rows, sx }: { rows: [string, ReactNode][]; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      sx={[
        {
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
