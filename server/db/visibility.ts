// Who may read what: the one place the visibility of cards and the effect of blocks are written
// (decision 012). Every query that returns cards or people reads through these predicates; services that
// decide on a row already read use the twins at the end of the file.
import { and, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { blocks, blogPosts, cards, courses } from './schema.ts';

/** A signed-in reader's profile key, a placeholder for one in a prepared statement, or undefined for a visitor. */
export type Reader = string | Placeholder | undefined;

/** The columns of a card the rules read: `cards` itself, or an alias of it (`alias(cards, 't')`). */
export type CardColumns = Record<'authorKey' | 'status' | 'visibility' | 'deletedAt', AnyColumn>;

/** What the rules read of a card row already in hand. */
export type CardAccessFacts = {
  authorKey: string;
  status: string;
  visibility: string;
  deletedAt: Date | null;
};

// The literals below are written into the SQL text, not passed as parameters: the partial indexes on cards
// (`cards_public_new_idx`, `cards_public_trending_idx`, the search head index) have
// `where status = 'published' and visibility = 'public' and deleted_at is null`, and the planner uses a
// partial index only when the query's condition implies its predicate as written. (Each predicate is in
// parentheses so it keeps its meaning inside `or()` or `not`; AND chains are flattened before planning.)

/** Published and not deleted, whatever its visibility (an author's own tab, counts, the trending sweep). */
export function publishedCard(card: CardColumns = cards): SQL {
  return sql`(${card.status} = 'published' and ${card.deletedAt} is null)`;
}

/**
 * Listed: published, public and not deleted. The only cards that appear in feeds, search, graphs, backlinks,
 * tag suggestions and other people's profile tabs.
 */
export function listedCard(card: CardColumns = cards): SQL {
  return sql`(${card.status} = 'published' and ${card.visibility} = 'public' and ${card.deletedAt} is null)`;
}

/**
 * A course learners may see: one with a published version. Drafts are their instructors' only (404 to others,
 * like a private card).
 */
export function publishedCourse(course: { publishedVersion: AnyColumn } = courses): SQL {
  return sql`(${course.publishedVersion} is not null)`;
}

/** Opens by its link for anyone: published, public or unlisted, not deleted (embeds, link previews). */
export function openCard(card: CardColumns = cards): SQL {
  return sql`(${card.status} = 'published' and ${card.visibility} in ('public', 'unlisted') and ${card.deletedAt} is null)`;
}

/** The reader's own card, in any state but deleted; nothing for a visitor. */
export function ownCard(reader: Reader, card: CardColumns = cards): SQL {
  if (reader === undefined) return sql`false`;
  return sql`(${card.authorKey} = ${reader} and ${card.deletedAt} is null)`;
}

/** What the reader may open: an open card, or their own in any state but deleted. */
export function cardReadableBy(reader: Reader, card: CardColumns = cards): SQL {
  if (reader === undefined) return openCard(card);
  return sql`(${card.deletedAt} is null and (${card.authorKey} = ${reader} or (${card.status} = 'published' and ${card.visibility} in ('public', 'unlisted'))))`;
}

/** A published card the reader may open: public or unlisted, or their own of any visibility. */
export function publishedCardReadableBy(reader: Reader, card: CardColumns = cards): SQL {
  if (reader === undefined) return openCard(card);
  return sql`(${card.status} = 'published' and ${card.deletedAt} is null and (${card.authorKey} = ${reader} or ${card.visibility} in ('public', 'unlisted')))`;
}

/**
 * No block between the reader and the person in `person` (a profile key column or expression), in either
 * direction: a reader never meets the cards or the person of someone they block or who blocks them. Nothing
 * to check for a visitor (undefined, which `and()` leaves out). The people blocked either way are one list,
 * read once per statement (a hashed `not in`), rather than looked up again for every row; both halves use an
 * index (the primary key leads with blocker_key, `blocks_blocked_idx` is on blocked_key).
 */
export function notBlockedBetween(reader: Reader, person: AnyColumn | SQL): SQL | undefined {
  if (reader === undefined) return undefined;
  return sql`${person} not in (select ${blocks.blockedKey} from ${blocks} where ${blocks.blockerKey} = ${reader} union all select ${blocks.blockerKey} from ${blocks} where ${blocks.blockedKey} = ${reader})`;
}

/** Whether either of two people blocks the other, as a boolean expression (follows, likes, messages). */
export function blockedBetween(a: string, b: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerKey} = ${a} and ${blocks.blockedKey} = ${b}) or (${blocks.blockerKey} = ${b} and ${blocks.blockedKey} = ${a}))`;
}

/**
 * Cards the reader may study: published and not deleted; public or unlisted, or their own; and by nobody
 * blocked either way. Other people's private cards and drafts never reach a deck.
 */
export function studyableBy(reader: string | Placeholder, card: CardColumns = cards): SQL {
  return and(publishedCardReadableBy(reader, card), notBlockedBetween(reader, card.authorKey))!;
}

/**
 * A version of a card the reader may open (decision 014): every version of a card of their own; of another's
 * card they may open, only the versions published while it was public or unlisted.
 */
export function versionReadableBy(
  reader: Reader,
  version: { visibility: AnyColumn },
  card: CardColumns = cards,
): SQL {
  return sql`(${cardReadableBy(reader, card)} and (${ownCard(reader, card)} or ${version.visibility} in ('public', 'unlisted')))`;
}

/** The columns of a blog post the rules read: `blog_posts` itself or an alias of it. */
export type PostColumns = Record<'authorKey' | 'status', AnyColumn>;

/**
 * A blog post readers see: published (live). Drafts and scheduled posts are their author's only, in the
 * editor; an unpublished post answers 404 like a draft.
 */
export function publishedPost(post: PostColumns = blogPosts): SQL {
  return sql`(${post.status} = 'published')`;
}

/** A published post the reader may read and meet in lists: not by someone blocked either way. */
export function postReadableBy(reader: Reader, post: PostColumns = blogPosts): SQL {
  return and(publishedPost(post), notBlockedBetween(reader, post.authorKey))!;
}

// Twins of the predicates above for a card row already read, where a service decides (404 or not).

/** `cardReadableBy` for a row in hand. */
export function mayReadCard(card: CardAccessFacts, readerKey: string | undefined): boolean {
  if (card.deletedAt) return false;
  if (readerKey !== undefined && card.authorKey === readerKey) return true;
  return card.status === 'published' && (card.visibility === 'public' || card.visibility === 'unlisted');
}

/** `versionReadableBy` for a card and one of its versions in hand. */
export function mayReadVersion(
  card: CardAccessFacts,
  version: { visibility: string },
  readerKey: string | undefined,
): boolean {
  if (!mayReadCard(card, readerKey)) return false;
  if (readerKey !== undefined && card.authorKey === readerKey) return true;
  return version.visibility === 'public' || version.visibility === 'unlisted';
}

/** `publishedPost` for a post row in hand (the block between reader and author is checked apart). */
export function mayReadPost(post: { status: string }): boolean {
  return post.status === 'published';
}

/** Whether either of two profiles blocks the other. */
export async function blockedEitherWay(tx: Executor, a: string, b: string): Promise<boolean> {
  const result = await tx.execute<{ blocked: boolean }>(sql`select ${blockedBetween(a, b)} as blocked`);
  return result.rows[0]?.blocked ?? false;
}
