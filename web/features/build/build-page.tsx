import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../components/page-loading.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { DraftsList, NewCardFromTitle } from './drafts-list.tsx';
import { PageHeader } from '../../components/page-header.tsx';

// The editor (CodeMirror, the preview's renderer) is its own chunk: the list of drafts does not need it.
const CardBuilder = lazy(async () => ({ default: (await import('./card-builder.tsx')).CardBuilder }));

const cardIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The card builder: `/build` lists the person's drafts, `/build?title=…` starts a card with that title (from a
 * `[[link]]` to a card nobody has written), and `/build?card=<id>` edits one.
 */
export function BuildPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const cardId = params.get('card');
  const title = params.get('title');

  let content;
  if (!user) {
    content = (
      <Typography sx={{ mt: 3 }}>
        You are not signed in. <TextLink to={loginPathFor('/build')}>Sign in</TextLink> to write cards.
      </Typography>
    );
  } else if (cardId !== null && !cardIdPattern.test(cardId)) {
    content = (
      <Alert severity="error" sx={{ mt: 3 }}>
        This address does not name a card. <TextLink to="/build">See your drafts</TextLink>.
      </Alert>
    );
  } else if (cardId !== null) {
    content = (
      <Suspense fallback={<PageLoading />}>
        {/* A new card id is a new editing session, with nothing carried over from the last one. */}
        <CardBuilder key={cardId} cardId={cardId} ownerKey={user.uid ?? user.email ?? 'me'} />
      </Suspense>
    );
  } else if (title !== null) {
    content = <NewCardFromTitle key={title} title={title} />;
  } else {
    content = <DraftsList />;
  }

  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Build" guideAnchor="build" />
      {content}
    </Box>
  );
}
