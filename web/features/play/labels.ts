import type { Deck, ItemState } from '../../../contracts/play.ts';

/** The schedule states as the deck page names them. */
export const stateNames: Record<ItemState, string> = {
  new: 'New',
  learning: 'Learning',
  review: 'In review',
  relearning: 'Relearning',
};

/** Which question of its card an item is: `main`, `reverse`, `c1`, … */
export function itemLabel(itemKey: string): string {
  if (itemKey === 'main') return 'question';
  if (itemKey === 'reverse') return 'reversed';
  const cloze = /^c(\d+)$/.exec(itemKey);
  return cloze ? `deletion ${cloze[1]}` : itemKey;
}

/** What a deck is made from, in a sentence. */
export function describeSource(deck: Pick<Deck, 'source' | 'includeReversed'>): string {
  const { source } = deck;
  let text: string;
  switch (source.kind) {
    case 'tags': {
      const tags = source.tags.map((tag) => `#${tag}`).join(', ');
      text =
        source.scope === 'mine'
          ? `Your own cards tagged ${tags}.`
          : `Everyone’s public cards tagged ${tags}.`;
      break;
    }
    case 'collection':
      text = 'A collection: the cards you added with “Study this”.';
      break;
    case 'liked':
      text = 'The cards you liked.';
      break;
  }
  return deck.includeReversed ? `${text} Flashcards are also asked back to front.` : text;
}
