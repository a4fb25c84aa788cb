import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RecommendationDebug } from '../../../contracts/recommendations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { debugSessionQuery, recommendationDebugQuery } from './api.ts';
import { EvaluationSection } from './evaluation-section.tsx';
import { FeedSection } from './feed-section.tsx';
import { formatNumber } from './format.ts';
import { OnlineSection } from './online-section.tsx';
import { RemovedSection } from './removed-section.tsx';
import { SourcesSection } from './sources-section.tsx';
import { WhyNotSection } from './why-not-section.tsx';

const title = 'Recommendation debug';
const guideAnchor = 'recommendation-debug';

/**
 * `/recommendation_debug?as=<handle>`: why each card is in the person's For you feed, what the filters took
 * out, where a given card dropped out, and how the recommender does offline and online. Administrators may
 * view someone else's feed (`as`); the server checks the role and writes each such view to the audit log.
 */
export function RecommendationDebugPage() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1100, minWidth: 0 }}>
      {user ? (
        <DebugView owner={user.uid ?? user.email ?? 'signed-in'} />
      ) : (
        <>
          <PageHeader title={title} guideAnchor={guideAnchor} />
          <Typography>
            You are not signed in. <TextLink to={loginPathFor(`${pathname}${search}`)}>Sign in</TextLink> to
            see why each card is in your feed.
          </Typography>
        </>
      )}
    </Box>
  );
}

/** The handle in `?as=`, without the @ people tend to type. */
function handleFrom(value: string | null): string | null {
  const handle = value?.trim().replace(/^@/, '') ?? '';
  return handle === '' ? null : handle;
}

function DebugView({ owner }: { owner: string }) {
  const [params, setParams] = useSearchParams();
  const as = handleFrom(params.get('as'));
  const session = useQuery(debugSessionQuery(owner));
  const isAdmin = session.data?.user.role === 'admin';
  const debug = useQuery(recommendationDebugQuery(owner, as));

  const viewAs = (handle: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (handle) next.set('as', handle);
      else next.delete('as');
      return next;
    });

  return (
    <>
      <PageHeader
        title={title}
        guideAnchor={guideAnchor}
        subtitle={debug.data ? <Summary debug={debug.data} /> : undefined}
      />
      {isAdmin ? <ViewAs key={as ?? ''} as={as} onView={viewAs} /> : null}
      {/* Both answers before the content, so the page never grows a field above what someone is reading. */}
      {debug.isPending || session.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the feed explanation" />
        </Box>
      ) : debug.isError ? (
        <QueryError
          error={debug.error}
          lead="The feed explanation could not be loaded."
          onRetry={() => void debug.refetch()}
        />
      ) : (
        <>
          {debug.data.viewingAs ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              You are viewing the feed of @{debug.data.person.handle} as an administrator. This view was
              written to the audit log.
            </Alert>
          ) : null}
          <FeedSection items={debug.data.items} />
          <RemovedSection removed={debug.data.removed} />
          <SourcesSection sourceCounts={debug.data.sourceCounts} neighbours={debug.data.neighbours} />
          <WhyNotSection owner={owner} as={as} />
          <EvaluationSection owner={owner} />
          <OnlineSection online={debug.data.online} />
        </>
      )}
    </>
  );
}

function tiltWords(tilt: number): string {
  if (tilt < 0) return 'towards people followed';
  if (tilt > 0) return 'towards new topics';
  return 'balanced';
}

/** Whose feed it is, how personal it is yet, and the settings that shaped it, in one line. */
function Summary({ debug }: { debug: RecommendationDebug }) {
  const { person, signals } = debug;
  const name = person.displayName ? `${person.displayName} (@${person.handle})` : `@${person.handle}`;
  const mode =
    debug.mode === 'personal'
      ? `Personal (${signals.total} signals, ${signals.needed} needed)`
      : `Cold start (${signals.total} of ${signals.needed} signals)`;
  return (
    <>
      Feed of <TextLink to={`/u/${person.handle}`}>{name}</TextLink> · {mode} · Weights {debug.weightsVersion}{' '}
      · Tilt {formatNumber(debug.tilt)} ({tiltWords(debug.tilt)})
    </>
  );
}

/** Administrators name a handle to see that person's feed; the handle goes in the address as `?as=`. */
function ViewAs({ as, onView }: { as: string | null; onView: (handle: string | null) => void }) {
  const [text, setText] = useState(as ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onView(handleFrom(text));
  };
  return (
    <Box component="form" aria-label="View as someone else" onSubmit={submit} noValidate sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="View as (handle)"
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText="Administrators only. Viewing someone’s feed is written to the audit log."
          size="small"
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
        />
        <Button type="submit" variant="outlined">
          View
        </Button>
        {as ? (
          <Button type="button" onClick={() => onView(null)}>
            Back to your own feed
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
