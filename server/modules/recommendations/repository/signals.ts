import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { array, together } from './params.ts';

/** What a person did that the recommender reads, newest first; `exclude` hides cards (held-out ones). */
export type SignalRows = Awaited<ReturnType<typeof readSignals>>;

const LIMIT = 200;

/**
 * Reads a person's likes, studied cards, authored cards, follows, feedback, recent impressions and
 * preferences, each statement on its own (they run side by side on the pool; in a transaction one by one).
 */
export async function readSignals(db: Executor, profileKey: string, exclude: readonly string[] = []) {
  const excluded = array(exclude);
  const [counts, likes, studied, authored, follows, feedback, impressions, preferences] = await together(db, [
    // The counts on their own: a count over the joined rows would join every like of a very active person.
    () =>
      db.execute<{ likes: number; studied: number; authored: number }>(sql`
      select (select count(*) from card_likes where profile_key = ${profileKey}
                and not (card_id = any(${excluded}::uuid[])))::int as likes,
        (select count(distinct card_id) from review_states where profile_key = ${profileKey} and reps > 0
                and not (card_id = any(${excluded}::uuid[])))::int as studied,
        (select count(*) from cards where author_key = ${profileKey} and status = 'published'
                and deleted_at is null)::int as authored`),
    () =>
      db.execute<{ cardId: string; at: Date; authorKey: string; title: string; tags: string[] }>(sql`
      select l.card_id as "cardId", l.created_at as at, c.author_key as "authorKey", c.title, c.tags
      from (
        select card_id, created_at from card_likes
        where profile_key = ${profileKey} and not (card_id = any(${excluded}::uuid[]))
        order by created_at desc limit ${LIMIT}
      ) l join cards c on c.id = l.card_id
      where c.deleted_at is null
      order by l.created_at desc`),
    () =>
      db.execute<{ cardId: string; at: Date; title: string; tags: string[] }>(sql`
      select s.card_id as "cardId", s.at, c.title, c.tags
      from (
        select card_id, max(coalesce(last_review, updated_at)) as at from review_states
        where profile_key = ${profileKey} and reps > 0 and not (card_id = any(${excluded}::uuid[]))
        group by card_id order by at desc limit ${LIMIT}
      ) s join cards c on c.id = s.card_id
      where c.deleted_at is null
      order by s.at desc`),
    () =>
      db.execute<{ tags: string[]; at: Date }>(sql`
      select tags, published_at as at
      from cards
      where author_key = ${profileKey} and status = 'published' and deleted_at is null
      order by published_at desc limit ${LIMIT}`),
    () =>
      db.execute<{ key: string }>(
        sql`select followee_key as key from follows where follower_key = ${profileKey}`,
      ),
    () =>
      db.execute<{ kind: string; target: string }>(sql`
      select kind, target from recommendation_feedback where profile_key = ${profileKey}`),
    () =>
      db.execute<{ cardId: string; count: number; opened: boolean }>(sql`
      select i.card_id as "cardId", count(*)::int as count,
        exists (
          select 1 from card_views v
          where v.card_id = i.card_id and v.viewer_key = ${profileKey} and v.day >= min(i.shown_at)::date
        ) as opened
      from recommendation_impressions i
      where i.profile_key = ${profileKey} and i.shown_at > now() - interval '14 days'
      group by i.card_id`),
    () =>
      db.execute<{ tilt: number; tags: string[] }>(sql`
      select tilt, tags from recommendation_preferences where profile_key = ${profileKey}`),
  ]);
  return {
    likes: likes.rows,
    likeCount: counts.rows[0]?.likes ?? 0,
    studied: studied.rows,
    studiedCount: counts.rows[0]?.studied ?? 0,
    authored: authored.rows,
    authoredCount: counts.rows[0]?.authored ?? 0,
    follows: follows.rows.map((row) => row.key),
    feedback: feedback.rows,
    impressions: impressions.rows,
    preferences: preferences.rows[0] ?? { tilt: 0, tags: [] },
  };
}
