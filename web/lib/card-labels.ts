import type { CardType, LinkKind } from '../../contracts/cards.ts';

/** How each card type is named in the interface. */
export const cardTypeNames: Record<CardType, string> = {
  note: 'Note',
  flashcard: 'Flashcard',
  cloze: 'Cloze',
  code: 'Code',
  paper: 'Paper',
  link: 'Link',
};

/** How each kind of link reads between two titles: "A links to B", "A is prerequisite of B". */
export const linkKindNames: Record<LinkKind, string> = {
  wiki: 'links to',
  cites: 'cites',
  related: 'related to',
  prerequisite: 'prerequisite of',
  'example-of': 'example of',
  contradicts: 'contradicts',
};
