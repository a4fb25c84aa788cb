import { useEffect, useId, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Card } from '../../../contracts/cards.ts';
import type { GraphLayout } from '../../components/card-graph/layout.ts';
import { TextLink } from '../../components/text-link.tsx';
import { cardTypeNames } from '../../lib/card-labels.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { paperPagePath } from '../../lib/research-paths.ts';
import { useSession } from '../../lib/session.ts';
import { QueryError } from '../../components/query-error.tsx';
import { cardQuery, cardQueryKey, displayNameOf, isNotFound, readerKeyOf, recordView } from './api.ts';
import { BacklinksPanel } from './backlinks-panel.tsx';
import { CardActions } from './card-actions.tsx';
import { CardAuthor } from './card-author.tsx';
import { CardContent } from './card-content.tsx';
import { CardSource, PaperPdf } from './card-source.tsx';
import { formatDate } from './dates.ts';
import { GraphPanel } from './graph-panel.tsx';
import { VersionHistory } from './version-history.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A card's page: `/cards/:id`. */
export function CardPage({ graphLayout }: { graphLayout?: GraphLayout } = {}) {
  const { id = '' } = useParams();
  // An id that is not a UUID cannot be a card: no need to ask the server.
  if (!uuidPattern.test(id)) return <CardNotFound />;
  // Another card is another page: nothing of this one's state (revealed answers, a diff) carries over.
  return <CardView key={id} id={id} graphLayout={graphLayout} />;
}

/** A missing card, and a private or unpublished card of someone else, look the same: not found. */
function CardNotFound() {
  useDocumentTitle('Card not found');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 760 }}>
      <Typography id={headingId} variant="h1" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
        Card not found
      </Typography>
      <Typography sx={{ mb: 3 }}>
        There is no card at this address that you can open. The link may be mistyped, or the card may be
        private or deleted.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/exploration">
          Explore cards
        </Button>
        <Button variant="outlined" component={RouterLink} to="/">
          Go to the home page
        </Button>
      </Stack>
    </Box>
  );
}

/** Counts one view when the page opens (the server counts a viewer once a day); failures change nothing. */
function useRecordView(card: Card | undefined, readerKey: string | undefined) {
  const queryClient = useQueryClient();
  const recorded = useRef(false);
  const id = card?.id;
  useEffect(() => {
    if (!id || recorded.current) return;
    recorded.current = true;
    recordView(id).then(
      ({ views }) =>
        queryClient.setQueryData<Card>(cardQueryKey(id, readerKey), (current) =>
          current ? { ...current, views } : current,
        ),
      () => {
        // Not counted (offline, rate limited, an older server): the reader is not bothered with it.
      },
    );
  }, [id, readerKey, queryClient]);
}

/** What only the author sees: who else can open the card. */
function OwnerNote({ card }: { card: Card }) {
  let text: string | null = null;
  if (card.status === 'draft')
    text = 'This card is not published yet: only you can see it. Publish it from the builder.';
  else if (card.visibility === 'private') text = 'This card is private: only you can see it.';
  else if (card.visibility === 'unlisted')
    text =
      'This card is unlisted: anyone with the link can open it, but it is not shown in Explore, search or on your profile.';
  if (!text) return null;
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      {text}
    </Alert>
  );
}

function CardView({ id, graphLayout }: { id: string; graphLayout: GraphLayout | undefined }) {
  const headingId = useId();
  const { user } = useSession();
  const readerKey = readerKeyOf(user);
  const query = useQuery(cardQuery(id, readerKey));
  const card = query.data;
  const notFound = query.isError && isNotFound(query.error);
  useDocumentTitle(card ? card.title : notFound ? 'Card not found' : 'Card');
  useRecordView(card, readerKey);

  if (notFound) return <CardNotFound />;
  if (!card) {
    return (
      <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 860 }}>
        <Typography id={headingId} variant="h1" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
          Card
        </Typography>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Box sx={{ py: 4 }}>
            <CircularProgress aria-label="Loading the card" />
          </Box>
        )}
      </Box>
    );
  }

  const updated = card.version > 1 && card.updatedAt !== card.publishedAt;
  return (
    <Box component="article" aria-labelledby={headingId} sx={{ maxWidth: 860, minWidth: 0 }}>
      {card.isOwner ? <OwnerNote card={card} /> : null}
      <Chip size="small" variant="outlined" label={cardTypeNames[card.type]} sx={{ mb: 1 }} />
      <Typography
        id={headingId}
        variant="h1"
        component="h1"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 2 }}
      >
        {card.title}
      </Typography>
      <CardAuthor card={card} readerKey={readerKey} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {card.publishedAt ? (
          <>
            Published <time dateTime={card.publishedAt}>{formatDate(card.publishedAt)}</time>
          </>
        ) : (
          'Not published'
        )}
        {updated ? (
          <>
            {' · '}Updated <time dateTime={card.updatedAt}>{formatDate(card.updatedAt)}</time>
          </>
        ) : null}
      </Typography>
      {card.forkOf ? (
        <Typography sx={{ mt: 1 }}>
          Remix of <TextLink to={`/cards/${card.forkOf.id}`}>{card.forkOf.title}</TextLink> by{' '}
          <TextLink to={`/u/${card.forkOf.author.handle}`}>{displayNameOf(card.forkOf.author)}</TextLink>
        </Typography>
      ) : null}
      <CardSource card={card} />
      <PaperPdf card={card} readerKey={readerKey} />
      {card.type === 'paper' ? (
        <Typography sx={{ mt: 1 }}>
          <TextLink to={paperPagePath(card.id)}>Open in the research centre</TextLink>
        </Typography>
      ) : null}
      {card.tags.length > 0 ? (
        <Box
          component="ul"
          aria-label="Tags"
          sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {card.tags.map((tag) => (
            <li key={tag}>
              <Chip
                size="small"
                label={`#${tag}`}
                clickable
                component={RouterLink}
                to={`/exploration?tag=${encodeURIComponent(tag)}`}
              />
            </li>
          ))}
        </Box>
      ) : null}

      <CardActions card={card} readerKey={readerKey} />

      {card.coverURL ? (
        <Box
          component="img"
          src={card.coverURL}
          // The cover illustrates the title next to it; it adds nothing a screen reader should read out.
          alt=""
          referrerPolicy="no-referrer"
          sx={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 1, mb: 3 }}
        />
      ) : null}

      <CardContent card={card} />

      <Divider sx={{ mt: 4 }} />
      <BacklinksPanel card={card} readerKey={readerKey} />
      <GraphPanel card={card} readerKey={readerKey} {...(graphLayout ? { layout: graphLayout } : {})} />
      <VersionHistory card={card} readerKey={readerKey} />
    </Box>
  );
}
