import { useEffect, useEffectEvent, useRef, type ComponentType, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CardSummary } from '../../contracts/cards.ts';
import { errorSentence } from '../lib/error-sentence.ts';
import {
  CardGrid,
  CardGridSkeleton,
  CardTile,
  type CardGridColumns,
  type CardTileProps,
} from './card-tile.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';
import { QueryError } from './query-error.tsx';

/** A card of a list: search results carry a snippet, For you a reason. */
export type CardListItem = CardSummary & { snippet?: string };

/** What a list gives the tile component it is handed: the tile's props, the card as the list has it, its place. */
export type CardListTileProps<Item extends CardListItem> = Omit<CardTileProps, 'card' | 'titleRef'> & {
  card: Item;
  index: number;
  /** The list moves focus to the title after "Load more": the tile must put this on its title link. */
  titleRef: (element: HTMLAnchorElement | null) => void;
};

/** A page of cards (a feed, search results, a profile's cards). */
export interface CardListPage<Item extends CardListItem = CardListItem> {
  items: Item[];
  nextCursor: string | null;
}

// Start loading the next page this far before the end comes into view, so scrolling rarely waits.
const scrollMargin = '800px 0px';

/**
 * A grid of cards loaded a page at a time. With `infinite`, a sentinel at the end loads the next page as it
 * scrolls into view; the button (`moreLabel`) does the same for the keyboard, where IntersectionObserver is
 * missing, and on its own where scrolling should not load anything (a profile's tabs).
 */
export function CardList<Item extends CardListItem>({
  query,
  label,
  empty,
  onPreview,
  infinite = false,
  moreLabel = 'Load more',
  maxColumns = 4,
  tile: Tile,
}: {
  query: UseInfiniteQueryResult<InfiniteData<CardListPage<Item>>>;
  /** Names the grid, e.g. "Trending cards". */
  label: string;
  /** What to show when there is no card at all. */
  empty: ReactNode;
  /** Gives each tile a Preview button that calls this. */
  onPreview?: (card: CardSummary) => void;
  infinite?: boolean;
  moreLabel?: string;
  maxColumns?: CardGridColumns;
  /** Draws each card, for lists that add to the tile (For you's reason and menu); a `CardTile` by default. */
  tile?: ComponentType<CardListTileProps<Item>>;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const titles = useRef(new Map<number, HTMLAnchorElement>());
  // After "Load more" focus moves to the first new card, where a keyboard user carries on reading.
  const pendingFocus = useRef<number | null>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const pageCount = query.data?.pages.length ?? 0;

  const loadNextPage = useEffectEvent(() => {
    // One page at a time; and after a failure, only the button tries again, so a broken page is not asked
    // for in a loop while the sentinel stays in view.
    if (!query.hasNextPage || query.isFetchNextPageError) return;
    // `cancelRefetch: false` joins a request already on its way instead of starting another: the observer
    // can report twice before React has re-rendered with the first request's state.
    void query.fetchNextPage({ cancelRefetch: false });
  });

  // Observed afresh after every page: if the end is still in view (a tall screen), the observer reports it
  // again at once and the next page follows.
  useEffect(() => {
    const element = sentinel.current;
    if (!infinite || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadNextPage();
      },
      { rootMargin: scrollMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [infinite, pageCount, query.hasNextPage]);

  // Runs after every render: the first one that shows the new cards moves focus to them.
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const link = titles.current.get(pendingFocus.current);
    if (!link) return;
    pendingFocus.current = null;
    link.focus();
  });

  if (query.isPending) {
    return (
      <CardGridSkeleton
        label={`Loading ${label.toLowerCase()}`}
        maxColumns={maxColumns}
        count={maxColumns * 2}
      />
    );
  }
  // A later page that failed keeps the cards already shown; only a first page that failed replaces them.
  if (query.data === undefined) {
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) return <Box sx={{ py: 2 }}>{empty}</Box>;

  const loadMore = async () => {
    // A second press while a page is on its way would only ask for the same page again.
    if (query.isFetchingNextPage) return;
    pendingFocus.current = items.length;
    const result = await query.fetchNextPage({ cancelRefetch: false });
    if (result.isError) pendingFocus.current = null;
  };

  return (
    <>
      <CardGrid label={label} maxColumns={maxColumns}>
        {items.map((card, index) => {
          const props = {
            card,
            ...(card.snippet === undefined ? {} : { snippet: card.snippet }),
            ...(onPreview ? { onPreview } : {}),
            titleRef: (element: HTMLAnchorElement | null) => {
              if (element) titles.current.set(index, element);
              else titles.current.delete(index);
            },
          };
          return <li key={card.id}>{Tile ? <Tile {...props} index={index} /> : <CardTile {...props} />}</li>;
        })}
      </CardGrid>
      {infinite ? <div ref={sentinel} /> : null}
      <Box role="status" sx={{ mt: 2 }}>
        {query.isFetchingNextPage ? <VisuallyHidden>Loading more cards…</VisuallyHidden> : null}
      </Box>
      {query.isFetchNextPageError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorSentence(query.error)}
        </Alert>
      ) : null}
      {query.hasNextPage ? (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          onClick={() => void loadMore()}
          // Not `disabled`, which would drop keyboard focus while the page loads; loadMore ignores the press.
          aria-disabled={query.isFetchingNextPage}
        >
          {query.isFetchNextPageError ? 'Try again' : query.isFetchingNextPage ? 'Loading…' : moreLabel}
        </Button>
      ) : pageCount > 1 ? (
        // Said only after more than one page: under a short list it would state the obvious.
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          That is every card here.
        </Typography>
      ) : null}
    </>
  );
}
