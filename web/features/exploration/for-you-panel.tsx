import { createContext, use, useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import type { CardSummary } from '../../../contracts/cards.ts';
import type { FeedbackInput, RecommendedCard, SignalCounts } from '../../../contracts/recommendations.ts';
import { bottomBarHeight } from '../../app/layout/bottom-bar-height.ts';
import { CardList, type CardListTileProps } from '../../components/card-list.tsx';
import { CardTile } from '../../components/card-tile.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  feedbackQueryKey,
  forYouQueryKey,
  removeFeedback,
  sendFeedback,
  useRecommendationsOwner,
} from '../../lib/recommendations-api.ts';
import { forYouQuery } from './api.ts';
import { removeCards, restoreCards, type ForYouData, type RemovedCard } from './for-you-cache.ts';
import { useImpressionTracker, type ImpressionTracker } from './impressions.ts';
import { NotInterestedMenu } from './not-interested-menu.tsx';
import { StarterTagPicker } from './starter-tag-picker.tsx';

/** How long "Got it" stays with its Undo; Settings can undo it any time later. */
const undoSeconds = 8;

/** What the snackbar says: feedback taken, with Undo; or a failure. */
type Notice = { id: number } & (
  { kind: 'done'; input: FeedbackInput; removed: RemovedCard[] } | { kind: 'failed'; message: string }
);
type DoneNotice = Extract<Notice, { kind: 'done' }>;

/** What every tile of the panel shares: the impression tracker, each card's visit, the menu's action. */
interface ForYouTileContext {
  tracker: ImpressionTracker;
  visitOf: ReadonlyMap<string, string>;
  onChoose: (input: FeedbackInput) => void;
  /** Keeps the title links by card, so focus can move to the card that takes a removed one's place. */
  registerTitle: (cardId: string, element: HTMLAnchorElement | null) => void;
}
const TileContext = createContext<ForYouTileContext | null>(null);

/**
 * For you: the recommended cards, each with why it is there and a "Not interested" menu. While the feed is
 * not personal yet it says so, and offers the first-run topics until some are picked. The cards that come into
 * view are reported as impressions.
 */
export function ForYouPanel({ onPreview }: { onPreview: (card: CardSummary) => void }) {
  const owner = useRecommendationsOwner();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(forYouQuery(owner));
  const tracker = useImpressionTracker();
  const heading = useRef<HTMLHeadingElement>(null);
  const titles = useRef(new Map<string, HTMLAnchorElement>());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);
  // After cards leave the list, the card that takes the place of the first (its index) gets focus.
  const pendingFocus = useRef<number | null>(null);
  const key = forYouQueryKey(owner);
  const first = query.data?.pages[0];
  const cards = query.data?.pages.flatMap((page) => page.items) ?? [];
  const visitOf = new Map(
    query.data?.pages.flatMap((page) => page.items.map((card) => [card.id, page.feedId] as const)) ?? [],
  );

  // Runs after every render: the first one without the removed cards moves focus.
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const card = cards[Math.min(pendingFocus.current, cards.length - 1)];
    const title = card ? titles.current.get(card.id) : undefined;
    if (card && !title) return;
    pendingFocus.current = null;
    (title ?? heading.current)?.focus();
  });

  const show = (next: Notice) => {
    setNotice(next);
    setNoticeOpen(true);
  };

  const updatePages = (change: (data: ForYouData) => ForYouData) =>
    queryClient.setQueryData<ForYouData>(key, (data) => (data ? change(data) : data));

  const choose = async (input: FeedbackInput) => {
    // A page on its way would be written over the list without the card: it is asked for again later.
    await queryClient.cancelQueries({ queryKey: key });
    const data = queryClient.getQueryData<ForYouData>(key);
    if (!data) return;
    const { data: without, removed } = removeCards(data, input);
    const firstIndex = data.pages
      .flatMap((page) => page.items)
      .findIndex((card) => removed.some((gone) => gone.card.id === card.id));
    pendingFocus.current = Math.max(firstIndex, 0);
    queryClient.setQueryData<ForYouData>(key, without);
    setNoticeOpen(false);
    try {
      await sendFeedback(input);
      show({ kind: 'done', id: Date.now(), input, removed });
      void queryClient.invalidateQueries({ queryKey: feedbackQueryKey(owner) });
    } catch (error) {
      updatePages((current) => restoreCards(current, removed));
      show({ kind: 'failed', id: Date.now(), message: `That did not go through. ${errorSentence(error)}` });
    }
  };

  const undo = async (done: DoneNotice) => {
    setNoticeOpen(false);
    try {
      await removeFeedback(done.input.kind, done.input.target);
      updatePages((current) => restoreCards(current, done.removed));
      // Focus goes back to the first card that came back, where it was before the menu.
      const back = (queryClient.getQueryData<ForYouData>(key)?.pages ?? [])
        .flatMap((page) => page.items)
        .findIndex((card) => card.id === done.removed[0]?.card.id);
      if (back >= 0) pendingFocus.current = back;
      void queryClient.invalidateQueries({ queryKey: feedbackQueryKey(owner) });
    } catch (error) {
      show({ kind: 'failed', id: Date.now(), message: `It could not be undone. ${errorSentence(error)}` });
    }
  };

  const restart = () => {
    // A new visit from the first page: the picked topics change what it holds.
    void queryClient.resetQueries({ queryKey: key });
    heading.current?.focus();
  };

  return (
    <>
      <Typography component="h2" variant="h5" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        <VisuallyHidden>For you cards</VisuallyHidden>
      </Typography>
      {first?.mode === 'cold-start' ? (
        <ColdStartNotice signals={first.signals} pickedTags={first.pickedTags} />
      ) : null}
      {first?.mode === 'cold-start' && first.pickedTags.length === 0 ? (
        <StarterTagPicker owner={owner} onSaved={restart} />
      ) : null}
      <TileContext
        value={{
          tracker,
          visitOf,
          onChoose: (input) => void choose(input),
          registerTitle: (cardId, element) => {
            if (element) titles.current.set(cardId, element);
            else titles.current.delete(cardId);
          },
        }}
      >
        <CardList
          query={query}
          label="For you cards"
          empty={
            <EmptyState icon={<NoteAddOutlinedIcon />} link={{ to: '/build', label: 'Write a card' }}>
              There are no public cards to recommend yet.
            </EmptyState>
          }
          onPreview={onPreview}
          infinite
          tile={ForYouTile}
        />
      </TileContext>
      {notice ? (
        <FeedbackSnackbar
          key={notice.id}
          notice={notice}
          open={noticeOpen}
          onUndo={(done) => void undo(done)}
          onClose={() => setNoticeOpen(false)}
        />
      ) : null}
    </>
  );
}

/** Why the feed is not about the person yet, and what makes it so. */
function ColdStartNotice({ signals, pickedTags }: { signals: SignalCounts; pickedTags: string[] }) {
  const missing = Math.max(signals.needed - signals.total, 1);
  return (
    <Alert severity="info" role="note" sx={{ mb: 1.5, py: 0 }}>
      Not personal yet: like, study or write {missing} more {missing === 1 ? 'card' : 'cards'}, or follow
      people. Until then, popular cards{pickedTags.length > 0 ? ' in your topics' : ''}.
    </Alert>
  );
}

/** A For you tile: the reason above it, the "Not interested" menu in it, and its impression once seen. */
function ForYouTile({ card, index, titleRef, ...tile }: CardListTileProps<RecommendedCard>) {
  const context = use(TileContext);
  if (!context) throw new Error('ForYouTile is drawn by ForYouPanel.');
  const { tracker, visitOf, onChoose, registerTitle } = context;
  const box = useRef<HTMLDivElement>(null);
  const feedId = visitOf.get(card.id);
  const source = card.reason.source;
  const cardId = card.id;
  useEffect(() => {
    if (!box.current || feedId === undefined) return;
    return tracker.watch(box.current, { feedId, cardId, position: index, source });
  }, [tracker, feedId, cardId, index, source]);

  return (
    <Box ref={box} sx={{ height: '100%' }}>
      <CardTile
        {...tile}
        card={card}
        titleRef={(element) => {
          titleRef(element);
          registerTitle(cardId, element);
        }}
        reason={card.reason.text}
        actions={<NotInterestedMenu card={card} onChoose={onChoose} />}
      />
    </Box>
  );
}

function FeedbackSnackbar({
  notice,
  open,
  onUndo,
  onClose,
}: {
  notice: Notice;
  open: boolean;
  onUndo: (done: DoneNotice) => void;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={undoSeconds * 1000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      // On phones across the bottom, above the fixed bottom bar, as the shell's notices are.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{ bottom: { xs: `calc(${bottomBarHeight}px + env(safe-area-inset-bottom) + 8px)`, sm: 24 } }}
      message={notice.kind === 'done' ? 'Got it — you’ll see less of this' : notice.message}
      action={
        notice.kind === 'done' ? (
          <Button color="inherit" size="small" onClick={() => onUndo(notice)}>
            Undo
          </Button>
        ) : null
      }
    />
  );
}
