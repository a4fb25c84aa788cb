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
  const [likes, studied, authored, follows, feedback, impressions, preferences] = await together(db, [
    () =>
      db.execute<{
        cardId: string;
        at: Date;
        authorKey: string;
        title: string;
        tags: string[];
        total: number;
      }>(sql`
      select l.card_id as "cardId", l.created_at as at, c.author_key as "authorKey", c.title, c.tags,
        (count(*) over ())::int as total
      from card_likes l join cards c on c.id = l.card_id
      where l.profile_key = ${profileKey} and c.deleted_at is null and not (l.card_id = any(${excluded}::uuid[]))
      order by l.created_at desc limit ${LIMIT}`),
    () =>
      db.execute<{ cardId: string; at: Date; title: string; tags: string[]; total: number }>(sql`
      select s.card_id as "cardId", max(coalesce(s.last_review, s.updated_at)) as at, c.title, c.tags,
        (count(*) over ())::int as total
      from review_states s join cards c on c.id = s.card_id
      where s.profile_key = ${profileKey} and s.reps > 0 and c.deleted_at is null
        and not (s.card_id = any(${excluded}::uuid[]))
      group by s.card_id, c.title, c.tags
      order by at desc limit ${LIMIT}`),
    () =>
      db.execute<{ tags: string[]; at: Date; total: number }>(sql`
      select tags, published_at as at, (count(*) over ())::int as total
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
    likeCount: likes.rows[0]?.total ?? 0,
    studied: studied.rows,
    studiedCount: studied.rows[0]?.total ?? 0,
    authored: authored.rows,
    authoredCount: authored.rows[0]?.total ?? 0,
    follows: follows.rows.map((row) => row.key),
    feedback: feedback.rows,
    impressions: impressions.rows,
    preferences: preferences.rows[0] ?? { tilt: 0, tags: [] },
  };
}
