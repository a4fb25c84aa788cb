import { and, desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { cardLikes, cards, follows, profiles } from '../../../db/schema.ts';
import {
  authorColumns,
  escapeLike,
  newestFirst,
  summaries,
  summaryColumns,
  timeKeyBefore,
  trendingFirst,
  type ScoreKey,
  type TimeKey,
} from './shared.ts';
import { listedCard, notBlockedBetween, publishedCard } from '../../../db/visibility.ts';

/** Card lists: the newest, trending and following feeds, profile tabs and tag suggestions. */
export function createFeedsRepository(orm: Orm) {
  // The two public feeds are the most requested lists: their statements are built once per shape (signed in
  // or not, first page or not) and prepared, which saved about a millisecond of CPU per request.
  const feeds = new Map<string, ReturnType<typeof prepareFeed>>();
  function prepareFeed(order: 'newest' | 'trending', signedIn: boolean, paged: boolean) {
    const id = sql.placeholder('id');
    const after =
      order === 'newest'
        ? sql`(${cards.publishedAt}, ${cards.id}) < (${sql.placeholder('at')}::timestamp at time zone 'UTC', ${id}::uuid)`
        : sql`(${cards.trendingScore}, ${cards.id}) < (${sql.placeholder('score')}::float8, ${id}::uuid)`;
    return summaries(orm)
      .where(
        and(
          listedCard(),
          signedIn ? notBlockedBetween(sql.placeholder('reader'), cards.authorKey) : undefined,
          paged ? after : undefined,
        ),
      )
      .orderBy(...(order === 'newest' ? newestFirst : trendingFirst))
      .limit(sql.placeholder('limit'))
      .prepare(`explore_${order}_${signedIn ? 'reader' : 'visitor'}_${paged ? 'next' : 'first'}`);
  }
  // Prepared once as well: For you reads each page of cards this way.
  const prepareListedByIds = () =>
    summaries(orm)
      .where(
        and(
          listedCard(),
          sql`${cards.id} = any(${sql.placeholder('ids')}::uuid[])`,
          notBlockedBetween(sql.placeholder('reader'), cards.authorKey),
        ),
      )
      .prepare('explore_listed_by_ids');
  let listedByIdsStatement: ReturnType<typeof prepareListedByIds> | undefined;
  function feed(order: 'newest' | 'trending', signedIn: boolean, paged: boolean) {
    const key = `${order}/${signedIn}/${paged}`;
    let statement = feeds.get(key);
    if (!statement) feeds.set(key, (statement = prepareFeed(order, signedIn, paged)));
    return statement;
  }

  return {
    /** Listed cards, newest first. */
    async newest(readerKey: string | undefined, limit: number, after?: TimeKey) {
      return feed('newest', readerKey !== undefined, after !== undefined).execute({
        reader: readerKey,
        at: after?.at,
        id: after?.id,
        limit,
      });
    },

    /** Listed cards by trending score. */
    async trending(readerKey: string | undefined, limit: number, after?: ScoreKey) {
      return feed('trending', readerKey !== undefined, after !== undefined).execute({
        reader: readerKey,
        score: after?.score,
        id: after?.id,
        limit,
      });
    },

    /** The listed cards among `ids` that the reader may see (no block either way), in no order. */
    async listedByIds(readerKey: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      listedByIdsStatement ??= prepareListedByIds();
      return listedByIdsStatement.execute({ ids: [...ids], reader: readerKey });
    },

    /** Listed cards by the people `readerKey` follows, newest first. */
    async following(readerKey: string, limit: number, after?: TimeKey) {
      return summaries(orm)
        .where(
          and(
            listedCard(),
            sql`${cards.authorKey} in (select ${follows.followeeKey} from ${follows} where ${follows.followerKey} = ${readerKey})`,
            notBlockedBetween(readerKey, cards.authorKey),
            after ? timeKeyBefore(cards.publishedAt, cards.id, after) : undefined,
          ),
        )
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /**
     * An author's published cards, newest first: the public ones, and for the author also the unlisted and
     * private ones.
     */
    async byAuthor(authorKey: string, readerKey: string | undefined, limit: number, after?: TimeKey) {
      const own = readerKey === authorKey;
      return summaries(orm)
        .where(
          and(
            eq(cards.authorKey, authorKey),
            own ? publishedCard() : listedCard(),
            notBlockedBetween(readerKey, cards.authorKey),
            after ? timeKeyBefore(cards.publishedAt, cards.id, after) : undefined,
          ),
        )
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /** Listed cards `profileKey` liked, the newest like first; the key is the like's time and id. */
    async likedBy(profileKey: string, limit: number, after?: TimeKey) {
      return orm
        .select({
          card: summaryColumns,
          author: authorColumns,
          likedAt: sql<string>`to_char(${cardLikes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
          likeId: cardLikes.id,
        })
        .from(cardLikes)
        .innerJoin(cards, eq(cards.id, cardLikes.cardId))
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            eq(cardLikes.profileKey, profileKey),
            listedCard(),
            notBlockedBetween(profileKey, cards.authorKey),
            after ? timeKeyBefore(cardLikes.createdAt, cardLikes.id, after) : undefined,
          ),
        )
        .orderBy(desc(cardLikes.createdAt), desc(cardLikes.id))
        .limit(limit);
    },

    /** Tags of listed cards starting with `prefix`, most used first. */
    async tagCounts(prefix: string, limit: number) {
      const result = await orm.execute<{ tag: string; count: number }>(sql`
        select tag, count(*)::int as count
        from ${cards}, unnest(${cards.tags}) as tag
        where ${listedCard()} and tag like ${`${escapeLike(prefix)}%`}
        group by tag
        order by count desc, tag
        limit ${limit}`);
      return result.rows;
    },
  };
}
