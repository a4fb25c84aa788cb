import type { CardType, CardVisibility, TypedLinkKind } from '../../../contracts/cards.ts';

/** How each card type is named on screen. */
export const cardTypeLabels: Record<CardType, string> = {
  note: 'Note',
  flashcard: 'Flashcard',
  cloze: 'Cloze',
  code: 'Code',
  paper: 'Paper',
  link: 'Link',
};

/** Each visibility, and what it means for readers. */
export const visibilityLabels: Record<CardVisibility, { label: string; help: string }> = {
  public: { label: 'Public', help: 'everyone, in Explore and search' },
  unlisted: { label: 'Unlisted', help: 'anyone with the link, in no list' },
  private: { label: 'Private', help: 'only you' },
};

/** How each kind of typed link reads: “<this card> is <label> <other card>”. */
export const linkKindLabels: Record<TypedLinkKind, string> = {
  related: 'Related',
  prerequisite: 'Prerequisite',
  'example-of': 'Example of',
  contradicts: 'Contradicts',
};
