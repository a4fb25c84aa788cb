import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { BuilderSource } from '../../../contracts/blog-builder.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import { formatRelative } from '../../lib/relative-time.ts';
import { useSession } from '../../lib/session.ts';
import { space } from '../../lib/spacing.ts';
import { builderViewerOf, createSession, sessionListQuery, sessionQuery } from './api.ts';
import { SourcesPanel, withinLimits } from './sources-panel.tsx';
import { Workspace } from './workspace.tsx';

const title = 'Blog builder';

/**
 * `/blog_builder`: the blog-builder agent. Without `?session=` it starts a session from chosen cards and lists
 * the recent ones; with it, it opens that session's steps. Signed-in people only: sessions are private.
 */
export function BlogBuilderPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title={title} guideAnchor="blog" />
        <Typography sx={{ maxWidth: 760 }}>
          The blog builder turns cards you pick into a blog post whose every sentence names the cards it came
          from. It never publishes: you edit the draft and publish it yourself. You are not signed in.{' '}
          <TextLink to={loginPathFor('/blog_builder')}>Sign in</TextLink> to use it.
        </Typography>
      </Box>
    );
  }
  return <SignedInBuilder viewer={builderViewerOf(user)} />;
}

function SignedInBuilder({ viewer }: { viewer: string }) {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session');
  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('session', id);
      else next.delete('session');
      return next;
    });
  return sessionId ? (
    <OpenSession viewer={viewer} sessionId={sessionId} onClose={() => open(null)} />
  ) : (
    <NewSession viewer={viewer} onOpen={open} />
  );
}

function OpenSession({
  viewer,
  sessionId,
  onClose,
}: {
  viewer: string;
  sessionId: string;
  onClose: () => void;
}) {
  const session = useQuery(sessionQuery(viewer, sessionId));
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ minWidth: 0 }}>
      <PageHeader
        title={title}
        guideAnchor="blog"
        subtitle={session.data ? session.data.title || 'Untitled post' : undefined}
        actions={
          <Button variant="outlined" onClick={onClose}>
            New post
          </Button>
        }
      />
      {session.isPending ? <CircularProgress aria-label="Loading the session" /> : null}
      {session.isError ? (
        <QueryError
          error={session.error}
          lead="The session could not be loaded."
          onRetry={() => void session.refetch()}
        />
      ) : null}
      {/* A new session (another id) starts with its own state. */}
      {session.data ? <Workspace key={session.data.id} viewer={viewer} session={session.data} /> : null}
    </Box>
  );
}

/** The person's recent sessions, to reopen one. */
function RecentSessions({ viewer, onOpen }: { viewer: string; onOpen: (id: string) => void }) {
  const list = useQuery(sessionListQuery(viewer));
  if (list.isError)
    return (
      <QueryError
        error={list.error}
        lead="Your sessions could not be loaded."
        onRetry={() => void list.refetch()}
      />
    );
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="recent-sessions" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="recent-sessions" variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
        Recent sessions
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              component={RouterLink}
              to={`/blog_builder?session=${encodeURIComponent(item.id)}`}
              onClick={(event) => {
                event.preventDefault();
                onOpen(item.id);
              }}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {item.title || 'Untitled post'}
            </Link>
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              · {item.sources === 1 ? '1 card' : `${item.sources} cards`} · {formatRelative(item.updatedAt)}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** No session open: choose the cards and start, or reopen a recent session. */
function NewSession({ viewer, onOpen }: { viewer: string; onOpen: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<readonly BuilderSource[]>([]);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      const { id } = await createSession(chosen.map((card) => card.id));
      void queryClient.invalidateQueries({ queryKey: sessionListQuery(viewer).queryKey });
      onOpen(id);
    } catch (error) {
      setFailure(error);
      setStarting(false);
    }
  };
  return (
    <Box
      component="section"
      aria-labelledby="section-title"
      sx={{ display: 'grid', gap: space.section, minWidth: 0 }}
    >
      <PageHeader title={title} guideAnchor="blog" subtitle="Pick the cards the post draws on, then start." />
      <Box component="section" aria-labelledby="sources-heading" sx={{ display: 'grid', gap: space.block }}>
        <Typography id="sources-heading" variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
          Sources
        </Typography>
        <SourcesPanel
          viewer={viewer}
          chosen={chosen}
          onChange={setChosen}
          action={
            <Box sx={{ display: 'grid', gap: 1 }}>
              {failure ? <Alert severity="error">{errorSentence(failure)}</Alert> : null}
              <Box>
                <Button
                  variant="contained"
                  disabled={starting || !withinLimits(chosen)}
                  onClick={() => void start()}
                >
                  {starting ? 'Starting…' : 'Start'}
                </Button>
              </Box>
            </Box>
          }
        />
      </Box>
      <RecentSessions viewer={viewer} onOpen={onOpen} />
    </Box>
  );
}
