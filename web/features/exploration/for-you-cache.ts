import type { InfiniteData } from '@tanstack/react-query';
import type { FeedbackInput, ForYouPage, RecommendedCard } from '../../../contracts/recommendations.ts';

/** For you's pages as the query cache holds them. */
export type ForYouData = InfiniteData<ForYouPage, string | null>;

/** A card taken out of the pages, with where it was, so Undo can put it back in its place. */
export interface RemovedCard {
  page: number;
  index: number;
  card: RecommendedCard;
}

/** Whether a piece of feedback is about `card`: the card itself, its author, or one of its tags. */
export function feedbackCovers(input: FeedbackInput, card: RecommendedCard): boolean {
  switch (input.kind) {
    case 'card':
      return card.id === input.target;
    case 'author':
    case 'mute':
      return card.author.key === input.target;
    case 'tag':
      return card.tags.includes(input.target);
  }
}

/** The pages without the cards `input` is about, and the cards it took out. */
export function removeCards(
  data: ForYouData,
  input: FeedbackInput,
): { data: ForYouData; removed: RemovedCard[] } {
  const removed: RemovedCard[] = [];
  const pages = data.pages.map((page, pageIndex) => {
    const items = page.items.filter((card, index) => {
      if (!feedbackCovers(input, card)) return true;
      removed.push({ page: pageIndex, index, card });
      return false;
    });
    return items.length === page.items.length ? page : { ...page, items };
  });
  return { data: removed.length === 0 ? data : { ...data, pages }, removed };
}

/**
 * The pages with `removed` put back where they were. Cards that came back meanwhile are left alone; the
 * places are those of the pages they were taken from, kept within the page if it has shrunk since.
 */
export function restoreCards(data: ForYouData, removed: readonly RemovedCard[]): ForYouData {
  const present = new Set(data.pages.flatMap((page) => page.items.map((card) => card.id)));
  const pages = data.pages.map((page) => ({ ...page, items: [...page.items] }));
  const inOrder = [...removed].sort((a, b) => a.page - b.page || a.index - b.index);
  for (const { page, index, card } of inOrder) {
    const target = pages[page];
    if (!target || present.has(card.id)) continue;
    target.items.splice(Math.min(index, target.items.length), 0, card);
    present.add(card.id);
  }
  return { ...data, pages };
}
