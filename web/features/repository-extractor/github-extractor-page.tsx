import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import type { Extraction, ExtractionOptions } from '../../../contracts/extractor.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { authPathFor, loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { space } from '../../lib/spacing.ts';
import { extractionQuery, extractorViewerOf, usageQuery, useStoreStarted } from './api.ts';
import { ExtractionView } from './extraction-view.tsx';
import { usageLine } from './format.ts';
import { HistoryList } from './history-list.tsx';
import { defaultOptions } from './options-panel.tsx';
import { SourceForm } from './source-form.tsx';

const title = 'Repository extractor';
const guideAnchor = 'repository-extractor';
const pagePath = '/github_extractor';

/**
 * `/github_extractor`: a code repository (a git address, or an uploaded archive) as text to paste into a
 * language model. Preview first, choose what goes in with the tree and the suggestions, then write the
 * document, whole or in parts, with exact token counts. The open extraction is in the address
 * (`?extraction=<id>`), so a reload or Back shows it again. Signed-in people only: extractions are private.
 */
export function GithubExtractorPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1000 }}>
        <PageHeader title={title} guideAnchor={guideAnchor} />
        <EmptyState
          icon={<AccountTreeIcon />}
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: space.inline }}>
              <Button variant="contained" component={RouterLink} to={loginPathFor(pagePath)}>
                Sign in
              </Button>
              <Button variant="outlined" component={RouterLink} to={authPathFor('/signup', pagePath)}>
                Sign up
              </Button>
            </Box>
          }
        >
          The repository extractor turns a code repository (a git address, a branch or folder of it, or an
          archive you upload) into one clean text with exact token counts, split into parts if you like, ready
          to paste into a language model. Sign in to use it.
        </EmptyState>
      </Box>
    );
  }
  return <SignedInExtractor viewer={extractorViewerOf(user)} />;
}

/** The options being edited, and the extraction they were last taken from. */
interface OptionsDraft {
  from: string | null;
  options: ExtractionOptions;
}

function SignedInExtractor({ viewer }: { viewer: string }) {
  const [params, setParams] = useSearchParams();
  const openId = params.get('extraction');
  const usage = useQuery(usageQuery(viewer));
  const extraction = useQuery({ ...extractionQuery(viewer, openId ?? ''), enabled: openId !== null });
  const store = useStoreStarted(viewer);
  // Kept in memory for reruns of this visit only: never stored, never in the address.
  const [token, setToken] = useState('');
  const [draft, setDraft] = useState<OptionsDraft>({ from: null, options: defaultOptions });
  const [focusId, setFocusId] = useState<string | null>(null);

  // Opening an extraction starts the choices from its options, so the tree's toggles edit what it ran with.
  const loaded = openId !== null && extraction.data?.id === openId ? extraction.data : null;
  if (loaded && draft.from !== loaded.id) setDraft({ from: loaded.id, options: loaded.options });

  const setOptions = useCallback(
    (options: ExtractionOptions) => setDraft((current) => ({ ...current, options })),
    [],
  );

  const open = useCallback(
    (id: string | null, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('extraction', id);
          else next.delete('extraction');
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const started = (started: Extraction) => {
    store(started);
    setFocusId(started.id);
    open(started.id);
  };

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1100, minWidth: 0 }}>
      <PageHeader
        title={title}
        guideAnchor={guideAnchor}
        subtitle={usage.data ? usageLine(usage.data) : undefined}
      />
      <Box sx={{ display: 'grid', gap: space.section, minWidth: 0 }}>
        <SourceForm
          options={draft.options}
          onOptionsChange={setOptions}
          token={token}
          onTokenChange={setToken}
          onStarted={started}
        />

        {openId !== null ? (
          extraction.isPending ? (
            <CircularProgress aria-label="Loading the extraction" />
          ) : extraction.isError ? (
            <QueryError
              error={extraction.error}
              lead="That extraction could not be opened."
              onRetry={() => void extraction.refetch()}
            >
              {' '}
              <TextLink to={pagePath}>Close it</TextLink>
            </QueryError>
          ) : (
            <ExtractionView
              key={extraction.data.id}
              viewer={viewer}
              extraction={extraction.data}
              options={draft.options}
              onOptionsChange={setOptions}
              token={token}
              autoFocus={focusId === extraction.data.id}
              onStarted={started}
              onClose={() => open(null)}
            />
          )
        ) : null}

        <HistoryList
          viewer={viewer}
          openId={openId}
          onOpen={(id) => {
            setFocusId(id);
            open(id);
          }}
          onDeleted={(id) => {
            if (id === openId) open(null, { replace: true });
          }}
        />
      </Box>
    </Box>
  );
}
