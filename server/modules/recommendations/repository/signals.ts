import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { array } from './params.ts';

/** An engagement with a card: when, and what the ranking reads of the card. */
export type Engagement = { cardId: string; at: string; authorKey: string; title: string; tags: string[] };

/** What a person did that the recommender reads, newest first within each kind. */
export type SignalRows = {
  likeCount: number;
  studiedCount: number;
  authoredCount: number;
  likes: Engagement[];
  studied: Engagement[];
  /** Cards the person remixed (the originals) and cards they shared in Confer messages. */
  remixed: Engagement[];
  shared: Engagement[];
  /** Tags of the cards the person wrote, with when they published them. */
  authored: { tags: string[]; at: string }[];
  /** Tags of the person's decks made from tags. */
  deckTags: string[];
  follows: string[];
  feedback: { kind: string; target: string }[];
  impressions: { cardId: string; count: number; opened: boolean }[];
  preferences: { tilt: number; tags: string[] };
  /** The person's `recommendation_signal_versions` counter, read in the same snapshot as the rest. */
  signalsVersion: number;
};

const LIMIT = 200;
const SMALL = 50;

/**
 * Reads everything the recommender knows of a person in one statement (one round trip and one plan instead
 * of a dozen): counts, the latest likes and studied cards, remixes, cards shared in Confer, the tags of their
 * cards and decks, follows, feedback, recent impressions, preferences, and the version of all that. `exclude`
 * leaves cards out of the engagements (the evaluation's held-back ones).
 */
export async function readSignals(
  db: Executor,
  profileKey: string,
  exclude: readonly string[] = [],
): Promise<SignalRows> {
  const excluded = array(exclude);
  const engagement = (source: ReturnType<typeof sql>) => sql`
    coalesce((select json_agg(json_build_object(
        'cardId', e.card_id, 'at', e.at, 'authorKey', c.author_key, 'title', c.title, 'tags', c.tags
      ) order by e.at desc)
      from (${source}) e join cards c on c.id = e.card_id
      where c.deleted_at is null), '[]'::json)`;
  const result = await db.execute<SignalRows>(sql`
    select
      (select count(*) from card_likes where profile_key = ${profileKey}
        and not (card_id = any(${excluded}::uuid[])))::int as "likeCount",
      (select count(distinct card_id) from review_states where profile_key = ${profileKey} and reps > 0
        and not (card_id = any(${excluded}::uuid[])))::int as "studiedCount",
      (select count(*) from cards where author_key = ${profileKey} and status = 'published'
        and deleted_at is null)::int as "authoredCount",
      ${engagement(sql`
        select card_id, created_at as at from card_likes
        where profile_key = ${profileKey} and not (card_id = any(${excluded}::uuid[]))
        order by created_at desc limit ${LIMIT}`)} as likes,
      ${engagement(sql`
        select card_id, max(coalesce(last_review, updated_at)) as at from review_states
        where profile_key = ${profileKey} and reps > 0 and not (card_id = any(${excluded}::uuid[]))
        group by card_id order by at desc limit ${LIMIT}`)} as studied,
      ${engagement(sql`
        select fork_of_id as card_id, max(created_at) as at from cards
        where author_key = ${profileKey} and fork_of_id is not null and deleted_at is null
          and not (fork_of_id = any(${excluded}::uuid[]))
        group by fork_of_id order by at desc limit ${SMALL}`)} as remixed,
      ${engagement(sql`
        select card_id, max(m.created_at) as at from messages m, unnest(m.card_ids) as card_id
        where m.author_key = ${profileKey} and m.deleted_at is null and not (card_id = any(${excluded}::uuid[]))
        group by card_id order by at desc limit ${SMALL}`)} as shared,
      coalesce((select json_agg(json_build_object('tags', tags, 'at', published_at) order by published_at desc)
        from (select tags, published_at from cards
              where author_key = ${profileKey} and status = 'published' and deleted_at is null
              order by published_at desc limit ${LIMIT}) a), '[]'::json) as authored,
      coalesce((select array_agg(distinct tag) from decks, unnest(decks.tags) as tag
        where owner_key = ${profileKey} and source_kind = 'tags'), '{}') as "deckTags",
      coalesce((select array_agg(followee_key) from follows where follower_key = ${profileKey}), '{}') as follows,
      coalesce((select json_agg(json_build_object('kind', kind, 'target', target))
        from recommendation_feedback where profile_key = ${profileKey}), '[]'::json) as feedback,
      coalesce((select json_agg(json_build_object('cardId', card_id, 'count', count, 'opened', opened)) from (
        select i.card_id, count(*)::int as count,
          exists (
            select 1 from card_views v
            where v.card_id = i.card_id and v.viewer_key = ${profileKey} and v.day >= min(i.shown_at)::date
          ) as opened
        from recommendation_impressions i
        where i.profile_key = ${profileKey} and i.shown_at > now() - interval '14 days'
        group by i.card_id) seen), '[]'::json) as impressions,
      coalesce((select json_build_object('tilt', tilt, 'tags', tags) from recommendation_preferences
        where profile_key = ${profileKey}), json_build_object('tilt', 0, 'tags', '{}'::text[])) as preferences,
      coalesce((select version from recommendation_signal_versions where profile_key = ${profileKey}), 0)::float8
        as "signalsVersion"`);
  return result.rows[0]!;
}
