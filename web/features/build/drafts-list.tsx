import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CardSummary } from '../../../contracts/cards.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { createCard, draftsQuery } from './api.ts';
import { ImportExport } from './import-export.tsx';
import { cardTypeLabels } from './labels.ts';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

function DraftItem({ card }: { card: CardSummary }) {
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Link component={RouterLink} to={`/build?card=${card.id}`} sx={{ fontWeight: 600 }}>
        {card.title.trim() || 'Untitled card'}
      </Link>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <Chip size="small" label={cardTypeLabels[card.type]} />
        <Typography variant="body2" color="text.secondary">
          {card.status === 'published' ? 'Published, with unpublished changes' : 'Not published'} · edited{' '}
          {dateFormat.format(new Date(card.updatedAt))}
        </Typography>
      </Box>
      {card.excerpt ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {card.excerpt}
        </Typography>
      ) : null}
    </Box>
  );
}

/** `/build` without a card: the person's drafts, newest first, and "New card". */
export function DraftsList() {
  const headingId = useId();
  const navigate = useNavigate();
  const drafts = useQuery(draftsQuery());
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const start = async () => {
    if (creating) return;
    setCreating(true);
    setProblem(null);
    try {
      const draft = await createCard();
      // Replaced, not pushed: Back should not land on a page that makes yet another card.
      await navigate(`/build?card=${draft.cardId}`, { replace: true });
    } catch (error) {
      setProblem(errorSentence(error));
      setCreating(false);
    }
  };

  let list;
  if (drafts.isPending) {
    list = <CircularProgress aria-label="Loading your drafts" sx={{ mt: 2 }} />;
  } else if (drafts.isError) {
    list = <QueryError error={drafts.error} onRetry={() => void drafts.refetch()} />;
  } else if (drafts.data.items.length === 0) {
    // "New card" is beside the heading just above: the empty state does not repeat it.
    list = (
      <EmptyState icon={<EditNoteOutlinedIcon />}>
        You have no drafts. A new card starts as one, and Import turns Markdown files into drafts.
      </EmptyState>
    );
  } else {
    list = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 760 }}>
        {drafts.data.items.map((card) => (
          <DraftItem key={card.id} card={card} />
        ))}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          Your drafts
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => void start()} disabled={creating}>
          New card
        </Button>
      </Box>
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : null}
      {list}
      <ImportExport />
    </Box>
  );
}

/**
 * `/build?title=…`: a link to a card nobody has written yet leads here; a draft with that title is made at
 * once and the address becomes the draft's.
 */
export function NewCardFromTitle({ title }: { title: string }) {
  const navigate = useNavigate();
  // Boxed, so that a failure that is `undefined` still counts as one.
  const [problem, setProblem] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Development renders effects twice; one title must make one card.
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    createCard({ title: title.trim().slice(0, 120) }).then(
      (draft) => navigate(`/build?card=${draft.cardId}`, { replace: true }),
      (error: unknown) => setProblem({ error }),
    );
  }, [attempt, title, navigate]);

  if (problem) {
    return (
      <QueryError
        error={problem.error}
        lead={`The card “${title}” could not be started.`}
        sx={{ mt: 3 }}
        onRetry={() => {
          setProblem(null);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography role="status">Starting the card “{title}”…</Typography>
    </Box>
  );
}
