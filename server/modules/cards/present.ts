import { markdownWords } from '../../../contracts/card-text.ts';
import type { CardSummary, CardType, CardVisibility } from '../../../contracts/cards.ts';
import type { cards } from '../../db/schema.ts';
import { profileSummaryOf } from '../profiles/index.ts';

type CardRow = typeof cards.$inferSelect;

/** How many characters of the body lists read: enough for an excerpt after the Markdown is stripped. */
export const excerptSourceLength = 800;

/** A plain-text excerpt of a Markdown body for card lists, cut at a word boundary near `length`. */
export function excerptOf(markdown: string, length = 200): string {
  return excerptOfText(markdownWords(markdown), length);
}

/** The excerpt of a body whose plain text (`markdownWords`) is at hand: that text cut as `excerptOf` cuts it. */
export function excerptOfText(text: string, length = 200): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A card row (with at most `excerptSourceLength` of its body) and its author, as lists show them. A caller
 * that has the plain text of that body already (`markdownWords(card.body)`) passes it as `plainText`.
 */
export function cardSummaryOf(
  card: Pick<
    CardRow,
    | 'id'
    | 'title'
    | 'type'
    | 'tags'
    | 'coverURL'
    | 'visibility'
    | 'status'
    | 'likes'
    | 'remixes'
    | 'views'
    | 'publishedAt'
    | 'updatedAt'
  > & { body: string },
  author: Parameters<typeof profileSummaryOf>[0],
  { plainText }: { plainText?: string } = {},
): CardSummary {
  return {
    id: card.id,
    title: card.title,
    excerpt: excerptOfText(plainText ?? markdownWords(card.body)),
    type: card.type as CardType,
    tags: card.tags,
    coverURL: card.coverURL,
    visibility: card.visibility as CardVisibility,
    status: card.status as 'draft' | 'published',
    author: profileSummaryOf(author),
    likes: card.likes,
    remixes: card.remixes,
    views: card.views,
    publishedAt: card.publishedAt?.toISOString() ?? null,
    updatedAt: card.updatedAt.toISOString(),
  };
}
