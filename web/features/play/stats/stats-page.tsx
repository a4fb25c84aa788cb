import { useId, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StudyStats } from '../../../../contracts/play.ts';
import { TextLink } from '../../../components/text-link.tsx';
import { loginPathFor } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session.ts';
import { deckListQuery, ownerOf } from '../api.ts';
import { studyStatsQuery } from '../../../lib/play-api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { countOf, formatDuration, formatRetention } from './calendar.ts';
import { ForecastChart, RetentionCurves } from './charts.tsx';
import { ReviewHeatmap } from './review-heatmap.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** `/play/stats?deck=<id>`: study statistics for one deck, or for all decks when no deck is named. */
export function StatsPage() {
  const { user } = useSession();
  const { pathname, search } = useLocation();

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1100 }}>
      <PageHeader title="Statistics" guideAnchor="play" />
      {user ? (
        <SignedInStats owner={ownerOf(user)} />
      ) : (
        <Typography sx={{ mt: 3 }}>
          You are not signed in. <TextLink to={loginPathFor(`${pathname}${search}`)}>Sign in</TextLink> to see
          your study statistics.
        </Typography>
      )}
    </Box>
  );
}

function SignedInStats({ owner }: { owner: string }) {
  const [params, setParams] = useSearchParams();
  const deckId = params.get('deck') || null;
  const decks = useQuery(deckListQuery(owner));
  const stats = useQuery(studyStatsQuery(deckId, owner));
  const deckName = decks.data?.items.find((deck) => deck.id === deckId)?.name;

  const chooseDeck = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('deck', id);
        else next.delete('deck');
        return next;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (stats.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading your statistics" />
      </Box>
    );
  } else if (stats.isError) {
    body = (
      <Alert severity="error" sx={{ mt: 3 }}>
        {errorSentence(stats.error)}
      </Alert>
    );
  } else {
    body = <StatsBody stats={stats.data} />;
  }

  return (
    <>
      <TextField
        select
        label="Deck"
        value={deckId ?? ''}
        onChange={(event) => chooseDeck(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ mt: 3, minWidth: 260 }}
        helperText={decks.isError ? `Your decks could not be listed. ${errorSentence(decks.error)}` : ' '}
      >
        <option value="">All decks</option>
        {decks.data?.items.map((deck) => (
          <option key={deck.id} value={deck.id}>
            {deck.name}
          </option>
        ))}
        {/* A deck named in the address but not (yet) listed still shows as chosen. */}
        {deckId && !decks.data?.items.some((deck) => deck.id === deckId) ? (
          <option value={deckId}>{decks.isPending ? 'Loading…' : 'This deck'}</option>
        ) : null}
      </TextField>
      <Typography component="p" variant="h6" aria-live="polite" sx={{ mt: 1 }}>
        {deckId ? `Showing ${deckName ? `the deck ${deckName}` : 'one deck'}` : 'Showing all your decks'}
      </Typography>
      {body}
    </>
  );
}

/** One number with its name, as a row of a stats group. */
function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
        {detail ? (
          <Typography
            component="span"
            variant="body2"
            sx={{ ml: 1, color: 'text.secondary', fontWeight: 400 }}
          >
            ({detail})
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function StatGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {children}
      </Box>
    </Box>
  );
}

function StatsBody({ stats }: { stats: StudyStats }) {
  // The server's today: the person's study day, in their time zone.
  const today = stats.today.day;
  const last30 = formatRetention(stats.trueRetention.last30Days);
  const allTime = formatRetention(stats.trueRetention.allTime);

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        <StatGroup title="Today">
          <Figure label="Reviews" value={stats.today.reviews.toLocaleString()} />
          <Figure label="New items" value={stats.today.newItems.toLocaleString()} />
          <Figure label="Time" value={formatDuration(stats.today.timeMs)} />
        </StatGroup>
        <StatGroup title="Streak">
          <Figure label="Current" value={countOf(stats.streak.current, 'day')} />
          <Figure label="Longest" value={countOf(stats.streak.longest, 'day')} />
        </StatGroup>
        <StatGroup title="True retention">
          <Figure label="Last 30 days" value={last30.percent} detail={last30.counts} />
          <Figure label="All time" value={allTime.percent} detail={allTime.counts} />
        </StatGroup>
        <StatGroup title="Time spent">
          <Figure label="Last 30 days" value={formatDuration(stats.timeSpent.last30DaysMs)} />
          <Figure label="All time" value={formatDuration(stats.timeSpent.totalMs)} />
        </StatGroup>
        <StatGroup title="Totals">
          <Figure label="Reviews" value={stats.totals.reviews.toLocaleString()} />
          <Figure label="Items" value={stats.totals.items.toLocaleString()} />
          <Figure label="Mature items" value={stats.totals.mature.toLocaleString()} />
        </StatGroup>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        True retention counts mature reviews only (items scheduled 21 days or more ahead): Hard, Good and Easy
        pass, Again fails.
      </Typography>
      <ForecastChart forecast={stats.forecast} />
      <ReviewHeatmap today={today} days={stats.heatmap} />
      <RetentionSection curves={stats.retentionCurves} />
    </>
  );
}

function RetentionSection({ curves }: { curves: StudyStats['retentionCurves'] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Retention over time
      </Typography>
      {curves ? (
        <>
          <RetentionCurves
            title="Weekly retention by deck"
            curves={curves.decks.map((deck) => ({ key: deck.id, name: deck.name, points: deck.points }))}
          />
          <RetentionCurves
            title="Weekly retention by tag"
            curves={curves.tags.map((tag) => ({ key: tag.tag, name: `#${tag.tag}`, points: tag.points }))}
          />
        </>
      ) : (
        <Typography>
          Retention curves per deck and per tag come with Premium.{' '}
          <TextLink to="/settings">See Premium in your settings</TextLink>.
        </Typography>
      )}
    </Box>
  );
}
