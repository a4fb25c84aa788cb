import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header.tsx';

/** "404 Not Found" for a route error response, the message for an Error, something readable otherwise. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string' && error !== '') return error;
  return 'Unknown error';
}

/**
 * The router's error page: shown when a page fails to load (its code cannot be downloaded, its data loader
 * throws) or throws while rendering. Worded like React Router's default page, with ways out.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Box
      component="section"
      aria-labelledby="route-error-title"
      sx={{ maxWidth: 760, py: 2, px: { xs: 2, sm: 0 } }}
    >
      <PageHeader title="Unexpected Application Error" titleId="route-error-title" documentTitle={'Error'} />
      <Typography variant="h6" component="h2" color="error" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {describeRouteError(error)}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Something went wrong while showing this page. Reloading often helps, for example after CARD WEB was
        updated while the page was open. If it keeps happening, tell us through customer support.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Button variant="outlined" component={RouterLink} to="/">
          Go to the home page
        </Button>
        <Button component={RouterLink} to="/about/customer-support">
          Contact support
        </Button>
      </Stack>
    </Box>
  );
}
