import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Comfortable reading for long text pages (policies, guides): a line length that stays readable and
 * consistent spacing for plain headings, paragraphs and lists written as HTML.
 */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={(theme) => ({
        maxWidth: 760,
        ...theme.typography.body1,
        lineHeight: 1.7,
        '& h1': { ...theme.typography.h3, fontWeight: 600, mt: 0, mb: 2 },
        '& h2': {
          ...theme.typography.h5,
          fontWeight: 600,
          mt: 5,
          mb: 1.5,
          scrollMarginTop: theme.spacing(10),
        },
        '& h3': { ...theme.typography.h6, mt: 3, mb: 1, scrollMarginTop: theme.spacing(10) },
        '& p, & ul, & ol, & dl': { mt: 0, mb: 2 },
        '& li': { mb: 0.5 },
        '& dt': { fontWeight: 600 },
        '& dd': { ml: 0, mb: 1.5 },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.9em',
          px: 0.5,
          borderRadius: 0.5,
          bgcolor: 'action.hover',
        },
        '& a': { color: 'primary.main' },
        '& table': { borderCollapse: 'collapse', mb: 2, minWidth: 280 },
        '& caption': { captionSide: 'top', textAlign: 'left', fontWeight: 600, mb: 1 },
        '& th, & td': { textAlign: 'left', px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider' },
        '& .lead': { fontSize: '1.125rem', color: 'text.secondary' },
      })}
    >
      {children}
    </Box>
  );
}
