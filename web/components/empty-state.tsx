import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface EmptyStateProps {
  /** A picture of what would be here (an icon), drawn for the eye only. */
  icon: ReactNode;
  /** One short sentence: what is missing, and what fills it. */
  children: ReactNode;
  /** The one action that fills the space. */
  action?: ReactNode;
  /** The action, when it is a page to go to: drawn as an outlined button. */
  link?: { to: string; label: string };
}

/**
 * What a list shows with nothing in it: an icon, a sentence and the action that fills it. Explanations of a
 * page live here and in the user guide rather than above its content.
 */
export function EmptyState({ icon, children, action, link }: EmptyStateProps) {
  return (
    <Box
      // Marks the place a list's content would start, for the first-content measure (e2e/support/first-content.ts).
      data-empty-state=""
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py: 5,
        px: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Box aria-hidden sx={{ color: 'text.secondary', '& svg': { fontSize: 40 } }}>
        {icon}
      </Box>
      <Typography sx={{ maxWidth: 520 }}>{children}</Typography>
      {action}
      {link ? (
        <Button variant="outlined" component={RouterLink} to={link.to}>
          {link.label}
        </Button>
      ) : null}
    </Box>
  );
}
