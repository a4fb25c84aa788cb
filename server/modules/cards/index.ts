import type { Orm } from '../../db/client.ts';
import { createCardPages } from './open-graph.ts';
export { escapeHtml, withHead } from './open-graph.ts';
import { createCardsRepository } from './repository.ts';
import { createCardsService, type CardsService } from './service.ts';

/**
 * Cards, the write side: its routes, the one cards service (`createCards`, decorated on the app as
 * `app.cards`), the link previews of card pages, and how a card row is shown in lists (Explore, Play, Confer).
 */
export { default as cardsRoutes } from './routes.ts';
export type { CardsService };
export { publishProblems } from './service.ts';
export { cardSummaryOf, excerptOf, excerptOfText, excerptSourceLength } from './present.ts';

/** The cards service on `orm`: what `app.cards` is, and what the demo seed publishes through. */
export function createCards(orm: Orm): CardsService {
  return createCardsService(createCardsRepository(orm));
}

/** The `<title>` and Open Graph tags of `/cards/:id` pages, for the web app plugin. */
export function createCardPageHtml(orm: Orm, publicUrl: string) {
  return createCardPages(createCardsRepository(orm), publicUrl);
}
