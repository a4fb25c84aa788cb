import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../lib/document-title.ts';

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
  useDocumentTitle('Error');
  return (
    <Box
      component="section"
      aria-labelledby="route-error-title"
      sx={{ maxWidth: 760, py: 2, px: { xs: 2, sm: 0 } }}
    >
      {/* The page header's title style without the header itself: this page is in the start-up bundle, and
          has no actions or guide section to link, so it does not bring the help button along. */}
      <Typography id="route-error-title" variant="h1" component="h1" sx={{ mb: 3 }}>
        Unexpected Application Error
      </Typography>
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
