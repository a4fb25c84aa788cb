import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { cardLinks, cards, profiles } from '../../../db/schema.ts';
import { authorColumns, filterConditions, newestFirst, summaryColumns, type CardFilters } from './shared.ts';
import { listedCard, notBlockedBetween } from '../../../db/visibility.ts';

/** How long the search for mentions of a title may take. */
const MENTIONS_TIMEOUT_MS = 500;

/** PostgreSQL's "canceling statement due to statement timeout" (57014), as it is or wrapped by Drizzle. */
function isQueryCanceled(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '57014') return true;
  }
  return false;
}

/** Backlinks, mentions and graphs of listed cards. */
export function createGraphRepository(orm: Orm) {
  return {
    /** Listed cards with a link to `cardId`, one row per card (a typed link wins over a wiki link). */
    async linkedFrom(cardId: string, readerKey: string | undefined, limit: number) {
      return orm
        .selectDistinctOn([cards.publishedAt, cards.id], {
          card: summaryColumns,
          author: authorColumns,
          kind: cardLinks.kind,
        })
        .from(cardLinks)
        .innerJoin(cards, eq(cards.id, cardLinks.sourceId))
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            eq(cardLinks.targetId, cardId),
            sql`${cards.id} <> ${cardId}`,
            listedCard(),
            notBlockedBetween(readerKey, cards.authorKey),
          ),
        )
        .orderBy(...newestFirst, sql`case when ${cardLinks.kind} = 'wiki' then 1 else 0 end`, cardLinks.kind)
        .limit(limit);
    },

    /**
     * Listed cards that name `title` as a phrase without linking to the card: the full-text index finds the
     * candidates, and a case- and accent-insensitive substring check confirms the words are really together.
     */
    async mentioning(cardId: string, title: string, readerKey: string | undefined, limit: number) {
      const phrase = sql`phraseto_tsquery('english', cardweb_unaccent(${title}))`;
      try {
        return await orm.transaction(async (tx) => {
          // A title of common words can have many candidates, each checked against its full vector; past the
          // time limit the card page does without mentions rather than wait.
          await tx.execute(sql`select set_config('statement_timeout', ${String(MENTIONS_TIMEOUT_MS)}, true)`);
          return tx
            .select({ card: summaryColumns, author: authorColumns })
            .from(cards)
            .innerJoin(profiles, eq(profiles.key, cards.authorKey))
            .where(
              and(
                listedCard(),
                sql`${cards.id} <> ${cardId}`,
                sql`numnode(${phrase}) > 0`,
                sql`${cards.searchVector} @@ ${phrase}`,
                sql`strpos(lower(cardweb_unaccent(${cards.title} || ' ' || ${cards.body})), lower(cardweb_unaccent(${title}))) > 0`,
                sql`not exists (select 1 from ${cardLinks} where ${cardLinks.sourceId} = ${cards.id} and ${cardLinks.targetId} = ${cardId})`,
                notBlockedBetween(readerKey, cards.authorKey),
              ),
            )
            .orderBy(...newestFirst)
            .limit(limit);
        });
      } catch (error) {
        if (isQueryCanceled(error)) return [];
        throw error;
      }
    },

    /**
     * Listed cards linked to or from any of `from`, leaving out `exclude`, most liked first: one ring of the
     * local graph.
     */
    async neighbours(from: string[], exclude: string[], readerKey: string | undefined, limit: number) {
      if (from.length === 0 || limit <= 0) return [];
      const ids = sql`select ${cardLinks.targetId} from ${cardLinks} where ${inArray(cardLinks.sourceId, from)} union select ${cardLinks.sourceId} from ${cardLinks} where ${inArray(cardLinks.targetId, from)}`;
      return orm
        .select({ id: cards.id, title: cards.title, type: cards.type, likes: cards.likes })
        .from(cards)
        .where(
          and(
            sql`${cards.id} in (${ids})`,
            exclude.length > 0 ? notInArray(cards.id, exclude) : undefined,
            listedCard(),
            notBlockedBetween(readerKey, cards.authorKey),
          ),
        )
        .orderBy(desc(cards.likes), desc(cards.id))
        .limit(limit);
    },

    /** The links between cards of `ids` (both ends in the set). */
    async linksAmong(ids: string[], limit: number) {
      if (ids.length === 0) return [];
      return orm
        .select({ source: cardLinks.sourceId, target: cardLinks.targetId, kind: cardLinks.kind })
        .from(cardLinks)
        .where(and(inArray(cardLinks.sourceId, ids), inArray(cardLinks.targetId, ids)))
        .limit(limit);
    },

    /**
     * The global graph's nodes: listed cards passing the filters, the most linked first (links in count
     * twice: being linked to is the stronger sign of a hub), then the most liked.
     */
    async hubs(filters: CardFilters, readerKey: string | undefined, limit: number) {
      // Links are counted once for all cards (one pass over card_links), not per card: a count per card
      // is two index probes for every listed card, 200,000 for 100,000 cards.
      const result = await orm.execute<{ id: string; title: string; type: string; likes: number }>(sql`
        with degree as (
          select id, sum(weight) as score from (
            select ${cardLinks.targetId} as id, 2 as weight from ${cardLinks}
            union all
            select ${cardLinks.sourceId} as id, 1 as weight from ${cardLinks}
          ) as ends
          group by id
        )
        select ${cards.id} as id, ${cards.title} as title, ${cards.type} as type, ${cards.likes} as likes
        from ${cards} left join degree on degree.id = ${cards.id}
        where ${and(listedCard(), notBlockedBetween(readerKey, cards.authorKey), ...filterConditions(filters))!}
        order by coalesce(degree.score, 0) desc, ${cards.likes} desc, ${cards.id} desc
        limit ${limit}`);
      return result.rows;
    },
  };
}
