import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import StyleOutlinedIcon from '@mui/icons-material/StyleOutlined';
import { gradeNames } from '../../../contracts/play.ts';
import { DueCounts } from '../../components/due-counts.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { loginPathFor } from '../../lib/navigation.ts';
import { pdfOwnerOf } from '../../lib/pdfs-api.ts';
import { activityQuery, allStatsQuery, deckListQuery, playOwnerOf } from '../../lib/play-api.ts';
import { formatDuration, formatRelative } from '../../lib/relative-time.ts';
import { useSession } from '../../lib/session.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EnrolledCourses } from './enrolled-courses.tsx';
import { RecentPdfs } from './recent-pdfs.tsx';

/**
 * `/learn`: the study dashboard: what is due in each deck beside the PDFs read last, today's numbers, the
 * courses the person takes, and the latest grades.
 */
export function LearnPage() {
  const { user } = useSession();
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1000 }}>
      <PageHeader title="Learn" guideAnchor="learn" />
      {user ? (
        <Dashboard owner={playOwnerOf(user)} pdfOwner={pdfOwnerOf(user)} />
      ) : (
        <Typography sx={{ mt: 3 }}>
          Learn gathers your spaced-repetition reviews in one place once you study with{' '}
          <TextLink to="/play">Play</TextLink>. You are not signed in.{' '}
          <TextLink to={loginPathFor('/learn')}>Sign in</TextLink> to see what is due.
        </Typography>
      )}
      <Typography sx={{ mt: 4 }}>
        Your papers and books are in the <TextLink to="/learn/pdf-library">PDF library</TextLink>.
      </Typography>
    </Box>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4, minWidth: 0 }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Loading({ label }: { label: string }) {
  return <CircularProgress size={28} aria-label={label} />;
}

function Dashboard({ owner, pdfOwner }: { owner: string; pdfOwner: string | null }) {
  const decks = useQuery(deckListQuery(owner));
  const stats = useQuery(allStatsQuery(owner));
  const activity = useQuery(activityQuery(owner));
  const dueNow = (decks.data?.items ?? []).reduce(
    (sum, deck) => sum + deck.counts.new + deck.counts.learning + deck.counts.review,
    0,
  );

  return (
    <>
      <Panel title="Today">
        {stats.isPending || decks.isPending ? <Loading label="Loading today’s numbers" /> : null}
        {stats.isError ? <Alert severity="error">{errorSentence(stats.error)}</Alert> : null}
        {stats.data && decks.data ? (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 3,
              rowGap: 0.75,
              m: 0,
              '& dt': { fontWeight: 600 },
              '& dd': { m: 0 },
            }}
          >
            <dt>Still to study</dt>
            <dd>{dueNow.toLocaleString('en')} items</dd>
            <dt>Reviews done</dt>
            <dd>{stats.data.today.reviews.toLocaleString('en')}</dd>
            <dt>New items learned</dt>
            <dd>{stats.data.today.newItems.toLocaleString('en')}</dd>
            <dt>Time studied</dt>
            <dd>{formatDuration(stats.data.today.timeMs)}</dd>
            <dt>Streak</dt>
            <dd>
              {stats.data.streak.current.toLocaleString('en')}{' '}
              {stats.data.streak.current === 1 ? 'day' : 'days'}
            </dd>
          </Box>
        ) : null}
        <Typography variant="body2" sx={{ mt: 1 }}>
          <TextLink to="/play/stats">All statistics</TextLink>
        </Typography>
      </Panel>

      {/* Reviews and reading side by side on a wide screen; one after the other on a phone. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          columnGap: 4,
        }}
      >
        <Panel title="Due in your decks">
          {decks.isPending ? <Loading label="Loading your decks" /> : null}
          {decks.isError ? <Alert severity="error">{errorSentence(decks.error)}</Alert> : null}
          {decks.data?.items.length === 0 ? (
            <EmptyState icon={<StyleOutlinedIcon />} link={{ to: '/play', label: 'Make a deck in Play' }}>
              You have no decks yet: make one from a tag, the cards you liked, or a collection you fill as you
              read.
            </EmptyState>
          ) : null}
          {decks.data && decks.data.items.length > 0 ? (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {decks.data.items.map((deck) => {
                const path = `/play/decks/${encodeURIComponent(deck.id)}`;
                const due = deck.counts.new + deck.counts.learning + deck.counts.review;
                return (
                  <Box
                    component="li"
                    key={deck.id}
                    sx={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      alignItems: 'center',
                      columnGap: 2,
                      rowGap: 1,
                      py: 1.5,
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                      <Link
                        component={RouterLink}
                        to={path}
                        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                      >
                        {deck.name}
                      </Link>
                      <DueCounts counts={deck.counts} label={`Due today in ${deck.name}`} />
                    </Box>
                    <Button
                      variant={due > 0 ? 'contained' : 'outlined'}
                      component={RouterLink}
                      to={`${path}/study`}
                      aria-label={`Study now: ${deck.name}`}
                    >
                      Study now
                    </Button>
                  </Box>
                );
              })}
            </Box>
          ) : null}
        </Panel>
        <Panel title="Recent PDFs">
          <RecentPdfs owner={pdfOwner} />
        </Panel>
      </Box>

      <Panel title="Your courses">
        <EnrolledCourses />
      </Panel>

      <Panel title="Recent activity">
        {activity.isPending ? <Loading label="Loading your latest grades" /> : null}
        {activity.isError ? <Alert severity="error">{errorSentence(activity.error)}</Alert> : null}
        {activity.data?.recent.length === 0 ? (
          <Typography>No grades yet. The cards you study will be listed here.</Typography>
        ) : null}
        {activity.data && activity.data.recent.length > 0 ? (
          <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
            {activity.data.recent.map((entry) => (
              <Box component="li" key={entry.reviewId} sx={{ py: 0.5 }}>
                <Link component={RouterLink} to={`/cards/${entry.cardId}`} sx={{ overflowWrap: 'anywhere' }}>
                  {entry.cardTitle}
                </Link>
                {' — '}
                {gradeNames[entry.rating]},{' '}
                <Box component="time" dateTime={entry.reviewedAt} sx={{ color: 'text.secondary' }}>
                  {formatRelative(entry.reviewedAt)}
                </Box>
              </Box>
            ))}
          </Box>
        ) : null}
      </Panel>
    </>
  );
}
