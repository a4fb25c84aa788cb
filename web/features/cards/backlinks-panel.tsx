import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Card, CardSummary, LinkKind } from '../../../contracts/cards.ts';
import { TextLink } from '../../components/text-link.tsx';
import { cardTypeNames, linkKindNames } from '../../lib/card-labels.ts';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { backlinksQuery, displayNameOf } from './api.ts';

function CardItem({ card, kind }: { card: CardSummary; kind?: LinkKind }) {
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <TextLink to={`/cards/${card.id}`}>{card.title}</TextLink>{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        ({cardTypeNames[card.type].toLowerCase()} by {displayNameOf(card.author)}
        {kind ? `; ${linkKindNames[kind]} this card` : ''})
      </Typography>
      {card.excerpt ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
          {card.excerpt}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Cards that link here, with the kind of link, and "unlinked mentions": cards whose text names this card's
 * title without linking it, which are often links waiting to be made.
 */
export function BacklinksPanel({ card, readerKey }: { card: Card; readerKey: string | undefined }) {
  const headingId = useId();
  const mentionsId = useId();
  const query = useQuery(backlinksQuery(card.id, readerKey));

  let content;
  if (query.isPending) {
    content = <CircularProgress size={24} aria-label="Loading the backlinks" />;
  } else if (query.isError) {
    // A server without the endpoint yet (404) is not a failure the reader can do anything about.
    content = (
      <Typography color="text.secondary">
        {query.error instanceof ApiError && query.error.status === 404
          ? 'Backlinks are not available yet.'
          : `The backlinks could not be loaded. ${errorSentence(query.error)}`}
      </Typography>
    );
  } else {
    const { linked, mentions } = query.data;
    content = (
      <>
        {linked.length === 0 ? (
          <Typography color="text.secondary">No other card links here yet.</Typography>
        ) : (
          <Box component="ul" sx={{ pl: 3, my: 0 }}>
            {linked.map((item) => (
              <CardItem key={`${item.id}:${item.kind}`} card={item} kind={item.kind} />
            ))}
          </Box>
        )}
        <Typography id={mentionsId} variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
          Unlinked mentions
        </Typography>
        {mentions.length === 0 ? (
          <Typography color="text.secondary">
            No other card mentions “{card.title}” without linking it.
          </Typography>
        ) : (
          <Box component="ul" aria-labelledby={mentionsId} sx={{ pl: 3, my: 0 }}>
            {mentions.map((item) => (
              <CardItem key={item.id} card={item} />
            ))}
          </Box>
        )}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Backlinks
      </Typography>
      {content}
    </Box>
  );
}
