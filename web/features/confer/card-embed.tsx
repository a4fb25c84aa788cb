import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CardSummary } from '../../../contracts/cards.ts';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';
import { StudyThisButton } from '../../components/study-this/study-this-button.tsx';
import { cardTypeNames } from '../../lib/card-labels.ts';
import { fetchCardLike, setCardLike, type CardLike, type CardLikeState } from '../../lib/card-like-api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { conferKeys } from './api.ts';
import { useConferClient } from './confer-client.tsx';
import { nameOf } from './format.ts';

const likes = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'like' : 'likes'}`;

/**
 * A card a message links to: its title (to its page), excerpt and author, a like toggle with the count (a
 * count only on the reader's own cards), and Study this. Whether the reader likes it is asked for all the
 * page's cards in one request (the message only carries its summary).
 */
export function CardEmbed({ card }: { card: CardSummary }) {
  const { owner } = useConferClient();
  const queryClient = useQueryClient();
  const own = card.author.key === owner;
  const queryKey = [...conferKeys.all(owner), 'card-like', card.id] as const;
  const state = useQuery({
    queryKey,
    queryFn: () => fetchCardLike(card.id),
    staleTime: 60_000,
  });
  const liked = state.data?.liked ?? false;
  const count = state.data?.likes ?? card.likes;
  const like = useMutation({
    mutationFn: (on: boolean) => setCardLike(card.id, on),
    onMutate: (on) => {
      const previous = queryClient.getQueryData<CardLikeState>(queryKey);
      if (previous)
        queryClient.setQueryData<CardLike>(queryKey, {
          liked: on,
          likes: Math.max(0, previous.likes + (on ? 1 : -1)),
        });
      return { previous };
    },
    onError: (_error, _on, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<CardLike>(queryKey, { liked: answer.liked, likes: answer.likes });
      // The card's own page and lists show the count too.
      void queryClient.invalidateQueries({ queryKey: ['cards'] });
    },
  });

  return (
    <Paper
      variant="outlined"
      // A group, not a region: the same card can be shown twice (timeline and thread), and landmarks must differ.
      role="group"
      aria-label={`Card: ${card.title}`}
      sx={{ p: 1.5, mt: 1, maxWidth: 560, borderLeft: '4px solid', borderLeftColor: 'primary.main' }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {cardTypeNames[card.type]} card
      </Typography>
      <Link
        component={RouterLink}
        to={`/cards/${encodeURIComponent(card.id)}`}
        sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
      >
        {card.title}
      </Link>
      {card.excerpt ? (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {card.excerpt}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <ProfileAvatar name={nameOf(card.author)} photoURL={card.author.photoURL} size={22} alt="" />
        <Typography variant="body2" color="text.secondary">
          by {nameOf(card.author)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {state.data && !own ? (
          <Button
            size="small"
            variant={liked ? 'contained' : 'outlined'}
            aria-pressed={liked}
            aria-label={`Like “${card.title}”, ${likes(count)}`}
            startIcon={liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
            onClick={() => {
              if (!like.isPending) like.mutate(!liked);
            }}
          >
            {count.toLocaleString('en')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {likes(count)}
          </Typography>
        )}
        <StudyThisButton cardId={card.id} cardTitle={card.title} />
      </Stack>
      {like.isError ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => like.reset()}>
          {like.variables ? 'The like was not saved.' : 'The like was not taken back.'}{' '}
          {errorSentence(like.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}
