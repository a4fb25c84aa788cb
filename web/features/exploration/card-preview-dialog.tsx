import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CardSummary } from '../../../contracts/cards.ts';
import { StudyThisButton } from '../../components/study-this/study-this-button.tsx';
import { cardTypeNames } from '../../lib/card-labels.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { QueryError } from '../../components/query-error.tsx';
import { cardQuery, readerKeyOf } from './api.ts';

const CardPreviewBody = lazy(async () => ({
  default: (await import('./card-preview-body.tsx')).CardPreviewBody,
}));

/** The preview of one card from a list: its whole text in a dialog, and the way to its own page. */
export function CardPreviewDialog({ card, onClose }: { card: CardSummary | null; onClose: () => void }) {
  return (
    <SheetDialog
      open={card !== null}
      onClose={onClose}

      maxWidth="md"
      fullWidth
      scroll="paper"
    >
      {/* Keyed by card, so one card's state (an error, the scroll) never shows under another's title. */}
      {card ? <PreviewContent key={card.id} card={card} onClose={onClose} /> : null}
    </SheetDialog>
  );
}

function PreviewContent({ card, onClose }: { card: CardSummary; onClose: () => void }) {
  const { user } = useSession();
  const query = useQuery(cardQuery(card.id, readerKeyOf(user)));
  const authorName = card.author.displayName ?? card.author.handle;
  const gone = query.error instanceof ApiError && query.error.status === 404;

  let body;
  if (query.data) {
    body = (
      <Suspense fallback={<Loading />}>
        <CardPreviewBody card={query.data} />
      </Suspense>
    );
  } else if (query.isError) {
    body = gone ? (
      <Alert severity="info">
        This card is no longer available. Its author may have deleted it or made it private.
      </Alert>
    ) : (
      <QueryError error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    body = (
      <>
        {/* The excerpt from the list, so there is something to read while the whole card arrives. */}
        <Typography sx={{ mb: 2 }}>{card.excerpt}</Typography>
        <Loading />
      </>
    );
  }

  return (
    <>
      {/* The dialog takes its accessible name from this title. */}
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{card.title}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <Chip size="small" variant="outlined" label={cardTypeNames[card.type]} />
          <Typography variant="body2">
            by{' '}
            <Link component={RouterLink} to={`/u/${card.author.handle}`}>
              {authorName}
            </Link>
          </Typography>
          {card.tags.map((tag) => (
            <Typography key={tag} variant="body2" color="text.secondary">
              #{tag}
            </Typography>
          ))}
        </Box>
        {body}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {gone ? null : <StudyThisButton cardId={card.id} cardTitle={card.title} />}
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" component={RouterLink} to={`/cards/${card.id}`} disabled={gone}>
          Open card page
        </Button>
      </DialogActions>
    </>
  );
}

function Loading() {
  return (
    <Box sx={{ py: 2 }}>
      <CircularProgress size={28} aria-label="Loading the card" />
    </Box>
  );
}
