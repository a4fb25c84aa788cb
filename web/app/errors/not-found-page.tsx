import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header.tsx';

/** Any path that matches no page. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Box component="section" aria-labelledby="not-found-title" sx={{ maxWidth: 760 }}>
      <PageHeader title="Page not found" titleId="not-found-title" />
      <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        There is no page at <code>{pathname}</code>. The link may be mistyped, or the page may have moved.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        The user guide lists every section of CARD WEB and where to find it.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/">
          Go to the home page
        </Button>
        <Button variant="outlined" component={RouterLink} to="/document">
          Open the user guide
        </Button>
      </Box>
    </Box>
  );
}
