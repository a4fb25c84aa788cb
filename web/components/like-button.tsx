import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorSentence } from '../lib/error-sentence.ts';

/**
 * Like / take back a like of the item cached at `queryKey` (a card, a post). The button and the count change
 * at once; the server's answer then sets the real count, and a failure puts both back and says so. Likes are
 * idempotent on the server, so a repeated press can never count twice.
 */
export function LikeButton<Item extends { likes: number }>({
  queryKey,
  liked,
  label,
  send,
  withLike,
}: {
  queryKey: QueryKey;
  /** Whether the reader likes it now. */
  liked: boolean;
  /** The button's words, e.g. "Like" or "Like (3 likes)". */
  label: string;
  /** Likes (true) or takes the like back (false); answers the reader's like and the real count. */
  send: (like: boolean) => Promise<{ liked: boolean; likes: number }>;
  /** The item with the reader's like and the count set. */
  withLike: (item: Item, liked: boolean, likes: number) => Item;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Item>(queryKey);
      if (previous)
        queryClient.setQueryData<Item>(
          queryKey,
          withLike(previous, like, Math.max(0, previous.likes + (like ? 1 : -1))),
        );
      return { previous };
    },
    onError: (_error, _like, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<Item>(queryKey, (current) =>
        current ? withLike(current, answer.liked, answer.likes) : current,
      );
    },
  });

  return (
    <>
      <Button
        variant={liked ? 'contained' : 'outlined'}
        aria-pressed={liked}
        startIcon={liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        onClick={() => {
          // One change at a time: a second press before the answer would race the first.
          if (!mutation.isPending) mutation.mutate(!liked);
        }}
      >
        {label}
      </Button>
      {mutation.isError ? (
        <Alert severity="error" sx={{ width: '100%' }} onClose={() => mutation.reset()}>
          {mutation.variables ? 'The like was not saved.' : 'The like was not taken back.'}{' '}
          {errorSentence(mutation.error)}
        </Alert>
      ) : null}
    </>
  );
}
