import type { GameKind, SessionMode } from '../../../contracts/play.ts';

/** The deck's page. */
export function deckPagePath(deckId: string): string {
  return `/play/decks/${encodeURIComponent(deckId)}`;
}

/** The review screen of a deck, in review or cram mode. */
export function studyPath(deckId: string, mode: SessionMode = 'review'): string {
  return `${deckPagePath(deckId)}/study${mode === 'cram' ? '?mode=cram' : ''}`;
}

/** A practice game on a deck. */
export function gamePath(deckId: string, game: GameKind): string {
  return `${deckPagePath(deckId)}/games/${game}`;
}
