import { useId, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import StyleOutlinedIcon from '@mui/icons-material/StyleOutlined';
import type { Deck, DeckInput, DeckPatch, ItemStatus } from '../../../contracts/play.ts';
import { DueCounts } from '../../components/due-counts.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { ApiError } from '../../lib/api.ts';
import { cardTypeNames } from '../../lib/card-labels.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import { formatRelative } from '../../lib/relative-time.ts';
import { useSession } from '../../lib/session.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  deckCardsQuery,
  deckItemsQuery,
  deckQuery,
  ownerOf,
  playQueryRoot,
  setDeckCard,
  useDeleteDeck,
  usePatchItem,
  useUpdateDeck,
} from './api.ts';
import { DeckFormDialog } from './deck-form-dialog.tsx';
import { describeSource, itemLabel, stateNames } from './labels.ts';
import { gamePath, studyPath } from './paths.ts';
import { PageHeader } from '../../components/page-header.tsx';

/** `/play/decks/:deckId`: a deck, what is due in it, its cards and the schedule of each item. */
export function DeckPage() {
  const { deckId = '' } = useParams();
  const { pathname } = useLocation();
  const { user } = useSession();
  const owner = ownerOf(user);
  const deck = useQuery({ ...deckQuery(deckId, owner), enabled: user !== null });

  let body;
  if (!user) {
    body = (
      <Typography sx={{ mt: 3 }}>
        You are not signed in. <TextLink to={loginPathFor(pathname)}>Sign in</TextLink> to see your decks.
      </Typography>
    );
  } else if (deck.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the deck" />
      </Box>
    );
  } else if (deck.isError) {
    const missing =
      deck.error instanceof ApiError && (deck.error.status === 404 || deck.error.status === 400);
    body = (
      <Alert severity={missing ? 'info' : 'error'} sx={{ mt: 2 }}>
        {missing ? 'There is no such deck among yours. It may have been deleted.' : errorSentence(deck.error)}{' '}
        <TextLink to="/play">See your decks</TextLink>.
      </Alert>
    );
  } else {
    body = <DeckView deck={deck.data} owner={owner} />;
  }

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 1000 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <TextLink to="/play">All decks</TextLink>
      </Typography>
      <PageHeader title={deck.data?.name ?? 'Deck'} guideAnchor="play" />
      {body}
    </Box>
  );
}

function DeckView({ deck, owner }: { deck: Deck; owner: string }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const update = useUpdateDeck(deck.id);
  const { counts } = deck;

  return (
    <>
      {deck.description ? <Typography sx={{ mb: 1 }}>{deck.description}</Typography> : null}
      <Typography color="text.secondary">{describeSource(deck)}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {counts.cards.toLocaleString('en')} cards, {counts.items.toLocaleString('en')} items
        {counts.suspended > 0 ? `, ${counts.suspended.toLocaleString('en')} suspended` : ''}. At most{' '}
        {deck.newPerDay} new items and {deck.reviewsPerDay} reviews a day.
      </Typography>
      <Typography variant="h6" component="h2">
        Due today
      </Typography>
      <DueCounts counts={counts} label="Due today" />

      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={studyPath(deck.id)}>
          Study now
        </Button>
        <Button variant="outlined" component={RouterLink} to={studyPath(deck.id, 'cram')}>
          Cram
        </Button>
        <Button variant="outlined" onClick={() => setDialog('edit')}>
          Edit
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('delete')}>
          Delete
        </Button>
      </Stack>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Practice games
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Games never change your schedule.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={gamePath(deck.id, 'multiple-choice')}>
          Multiple choice
        </Button>
        <Button component={RouterLink} to={gamePath(deck.id, 'match')}>
          Match
        </Button>
        <Button component={RouterLink} to={gamePath(deck.id, 'typed')}>
          Type the answer
        </Button>
        <Button
          component={RouterLink}
          to={`/play/stats?${new URLSearchParams({ deck: deck.id }).toString()}`}
        >
          Statistics
        </Button>
      </Stack>

      <DeckCards deck={deck} owner={owner} />
      <DeckItems deck={deck} owner={owner} />

      <DeckFormDialog
        open={dialog === 'edit'}
        deck={deck}
        onClose={() => setDialog(null)}
        onSubmit={(input: DeckInput | DeckPatch) => update.mutateAsync(input)}
      />
      <DeleteDeckDialog deck={deck} open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </>
  );
}

function DeleteDeckDialog({ deck, open, onClose }: { deck: Deck; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteDeck(deck.id);
  const titleId = useId();
  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Delete “{deck.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The deck goes; its cards stay where they are, and so does your review history of them.
        </DialogContentText>
        {remove.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            The deck was not deleted. {errorSentence(remove.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep it</Button>
        <Button
          variant="contained"
          color="error"
          disabled={remove.isPending}
          onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate('/play') })}
        >
          Delete deck
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}

function DeckCards({ deck, owner }: { deck: Deck; owner: string }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const cards = useInfiniteQuery(deckCardsQuery(deck.id, owner));
  const remove = useMutation({
    mutationFn: (cardId: string) => setDeckCard(deck.id, cardId, false),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playQueryRoot }),
  });
  const items = cards.data?.pages.flatMap((page) => page.items) ?? [];
  const collection = deck.source.kind === 'collection';

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Cards
      </Typography>
      {cards.isPending ? <CircularProgress size={28} aria-label="Loading the cards" /> : null}
      {cards.isError ? <Alert severity="error">{errorSentence(cards.error)}</Alert> : null}
      {cards.isSuccess && items.length === 0 ? (
        <EmptyState
          icon={<StyleOutlinedIcon />}
          link={{ to: '/exploration', label: 'Find cards in Explore' }}
        >
          {collection
            ? 'This collection is empty. Open any card and press “Study this” to add it here.'
            : 'No cards match this deck yet.'}
        </EmptyState>
      ) : null}
      {items.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((card) => (
            <Box
              component="li"
              key={card.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Link component={RouterLink} to={`/cards/${card.id}`} sx={{ overflowWrap: 'anywhere' }}>
                {card.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {cardTypeNames[card.type]}
              </Typography>
              {collection ? (
                <Button
                  size="small"
                  sx={{ ml: 'auto' }}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(card.id)}
                  aria-label={`Remove “${card.title}” from this collection`}
                >
                  Remove
                </Button>
              ) : null}
            </Box>
          ))}
        </Box>
      ) : null}
      {remove.isError ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => remove.reset()}>
          The card was not removed. {errorSentence(remove.error)}
        </Alert>
      ) : null}
      {cards.hasNextPage ? (
        <Button sx={{ mt: 1 }} onClick={() => void cards.fetchNextPage()} disabled={cards.isFetchingNextPage}>
          {cards.isFetchingNextPage ? 'Loading…' : 'More cards'}
        </Button>
      ) : null}
    </Box>
  );
}

function dueText(item: ItemStatus, now: number): string {
  if (item.state === 'new' || item.due === null) return 'Not studied yet';
  return Date.parse(item.due) <= now ? 'Due now' : `Due ${formatRelative(item.due, now)}`;
}

function DeckItems({ deck, owner }: { deck: Deck; owner: string }) {
  const headingId = useId();
  const items = useInfiniteQuery(deckItemsQuery(deck.id, owner));
  const patch = usePatchItem();
  // One moment for the whole table, taken when the list arrived, so the rows agree with each other.
  const now = items.dataUpdatedAt;
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Items and their schedule
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each card makes one or more items to study: a flashcard one (two when reversed), a cloze card one per
        deletion. Suspend an item to keep it out of your reviews; bury it to leave it for tomorrow.
      </Typography>
      {items.isPending ? <CircularProgress size={28} aria-label="Loading the items" /> : null}
      {items.isError ? <Alert severity="error">{errorSentence(items.error)}</Alert> : null}
      {items.isSuccess && rows.length === 0 ? <Typography>This deck has no items yet.</Typography> : null}
      {rows.length > 0 ? (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Card</TableCell>
                <TableCell scope="col">State</TableCell>
                <TableCell scope="col">Due</TableCell>
                <TableCell scope="col">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item) => {
                const name = `${item.cardTitle} (${itemLabel(item.itemKey)})`;
                const buried = item.buriedUntil !== null && Date.parse(item.buriedUntil) > now;
                return (
                  <TableRow key={`${item.cardId}:${item.itemKey}`}>
                    <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                      <Link component={RouterLink} to={`/cards/${item.cardId}`}>
                        {item.cardTitle}
                      </Link>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {itemLabel(item.itemKey)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {item.suspended
                        ? 'Suspended'
                        : buried
                          ? 'Buried until tomorrow'
                          : stateNames[item.state]}
                    </TableCell>
                    <TableCell>{dueText(item, now)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        <Button
                          size="small"
                          disabled={patch.isPending}
                          aria-label={`${item.suspended ? 'Unsuspend' : 'Suspend'} ${name}`}
                          onClick={() =>
                            patch.mutate({
                              cardId: item.cardId,
                              itemKey: item.itemKey,
                              suspended: !item.suspended,
                            })
                          }
                        >
                          {item.suspended ? 'Unsuspend' : 'Suspend'}
                        </Button>
                        <Button
                          size="small"
                          disabled={patch.isPending || item.suspended}
                          aria-label={`${buried ? 'Unbury' : 'Bury'} ${name}`}
                          onClick={() =>
                            patch.mutate({ cardId: item.cardId, itemKey: item.itemKey, buried: !buried })
                          }
                        >
                          {buried ? 'Unbury' : 'Bury'}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {patch.isError ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => patch.reset()}>
          The item was not changed. {errorSentence(patch.error)}
        </Alert>
      ) : null}
      {items.hasNextPage ? (
        <Button sx={{ mt: 1 }} onClick={() => void items.fetchNextPage()} disabled={items.isFetchingNextPage}>
          {items.isFetchingNextPage ? 'Loading…' : 'More items'}
        </Button>
      ) : null}
    </Box>
  );
}
