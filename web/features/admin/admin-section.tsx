import { useId } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One part of the administration page: a region named by its h2, so screen-reader users can jump between them. */
export function AdminSection({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 3, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A success notice in a live region that is always in the page: screen readers announce text added to an
 * existing region, but often not a region that appears together with its text.
 */
export function AdminStatus({ children }: { children: ReactNode }) {
  return (
    <Box role="status" sx={{ mt: children ? 2 : 0 }}>
      {children ? <Alert severity="success">{children}</Alert> : null}
    </Box>
  );
}
