import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { PageHeader } from '../../components/page-header.tsx';
import { loadQueryClient } from '../../app/providers.tsx';
import { useSession, type SessionUser } from '../../lib/session.ts';

// The header is drawn with the start-up code; the content reads from the API, so it arrives with the query
// client and the contracts just after the first paint (decision 021) and `/` stays within its budget.
const HomeContent = lazy(async () => {
  const [content] = await Promise.all([import('./home-content.tsx'), loadQueryClient()]);
  return { default: content.HomeContent };
});

/** The first name to greet someone by, from their display name or the start of their email. */
function firstNameOf(user: SessionUser): string | null {
  const name = user.name?.trim().split(/\s+/)[0];
  if (name) return name;
  const local = user.email?.split('@')[0];
  return local ? local : null;
}

/** `/`: a signed-in person's day, or for a visitor the pitch in a line beside the web's own content. */
export function HomePage() {
  const { user } = useSession();
  const firstName = user ? firstNameOf(user) : null;

  return (
    <Box component="section" aria-labelledby="section-title">
      {user ? (
        <PageHeader
          title={firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
          documentTitle="Home"
          actions={
            <Button variant="contained" component={RouterLink} to="/build">
              Build a card
            </Button>
          }
        />
      ) : (
        <PageHeader
          title="CARD WEB: a web of knowledge cards"
          documentTitle="Home"
          subtitle="Write one idea a card, link cards into a web, study them with spaced repetition and talk about them. Everyone’s public cards are yours to explore."
          guideAnchor="home"
          actions={
            <>
              <Button variant="contained" component={RouterLink} to="/signup">
                Sign up free
              </Button>
              <Button variant="outlined" component={RouterLink} to="/login">
                Sign in
              </Button>
            </>
          }
        />
      )}
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        }
      >
        <HomeContent user={user} />
      </Suspense>
    </Box>
  );
}
