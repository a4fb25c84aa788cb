import { eq, sql } from 'drizzle-orm';
import type { Executor, Orm } from '../../../db/client.ts';
import { cards, profiles } from '../../../db/schema.ts';
import {
  blockedEitherWay,
  listedCard,
  notBlockedBetween,
  publishedCardReadableBy,
} from '../../../db/visibility.ts';
import { array } from './params.ts';

export type FeedEntry = { id: string; source: string; reason: string; page: number };

/** What the recommender writes and reads besides its candidates: visits, feedback, preferences, impressions. */
export function createStore(orm: Orm) {
  return {
    /** A stored visit of the person, or undefined. */
    async feed(id: string, profileKey: string) {
      const result = await orm.execute<{ mode: string; entries: FeedEntry[]; meta: unknown }>(sql`
        select mode, entries, meta from recommendation_feeds where id = ${id} and profile_key = ${profileKey}`);
      return result.rows[0];
    },

    /**
     * The person's latest list if it is younger than `maxAgeMs` and was computed from their signals as they
     * are now (no like, follow, block, feedback or preference since): its first page's entries, whether it
     * holds more, and its age; else undefined.
     */
    async reusableFeed(profileKey: string, maxAgeMs: number) {
      const result = await orm.execute<{
        id: string;
        mode: string;
        entries: FeedEntry[];
        more: boolean;
        meta: unknown;
        ageMs: number;
      }>(sql`
        select f.id, f.mode, f.meta, extract(epoch from now() - f.created_at)::float8 * 1000 as "ageMs",
          coalesce(jsonb_path_query_array(f.entries, '$[*] ? (@.page == 0)'), '[]'::jsonb) as entries,
          jsonb_path_exists(f.entries, '$[*] ? (@.page > 0)') as more
        from recommendation_feeds f
        where f.profile_key = ${profileKey}
          and f.created_at > now() - make_interval(secs => ${maxAgeMs / 1000})
          and f.signals_version = coalesce(
            (select version from recommendation_signal_versions where profile_key = ${profileKey}), 0)
        order by f.created_at desc
        limit 1`);
      return result.rows[0];
    },

    /** Stores a visit's list (a new one, or one that grew as the person scrolled past its end). */
    async saveFeed(
      id: string,
      profileKey: string,
      mode: string,
      entries: FeedEntry[],
      meta: object,
      signalsVersion: number,
    ) {
      await orm.execute(sql`
        insert into recommendation_feeds (id, profile_key, mode, entries, meta, signals_version)
        values (${id}, ${profileKey}, ${mode}, ${JSON.stringify(entries)}::jsonb, ${JSON.stringify(meta)}::jsonb,
          ${signalsVersion})
        on conflict (id) do update set entries = excluded.entries, meta = excluded.meta`);
    },

    /**
     * Records the impressions of a visit's cards: only cards the visit holds (others are ignored), once per
     * card per visit. Returns how many rows were new.
     */
    async recordImpressions(
      feedId: string,
      profileKey: string,
      items: readonly { cardId: string; position: number; source: string }[],
    ): Promise<number> {
      const result = await orm.execute(sql`
        insert into recommendation_impressions (feed_id, card_id, profile_key, source, position)
        select ${feedId}::uuid, i.card_id, ${profileKey}, i.source, i.position
        from unnest(${array(items.map((item) => item.cardId))}::uuid[],
          ${array(items.map((item) => item.source))}::text[],
          ${array(items.map((item) => item.position))}::int[]) as i(card_id, source, position)
        where exists (
          select 1 from recommendation_feeds f, jsonb_array_elements(f.entries) e
          where f.id = ${feedId} and f.profile_key = ${profileKey} and e->>'id' = i.card_id::text)
        on conflict (feed_id, card_id) do nothing`);
      return result.rowCount ?? 0;
    },

    async feedback(profileKey: string) {
      const result = await orm.execute<{
        kind: string;
        target: string;
        label: string | null;
        createdAt: Date;
      }>(sql`
        select f.kind, f.target, f.created_at as "createdAt",
          case f.kind
            when 'card' then (
              select title from cards
              where cards.id::text = f.target and ${publishedCardReadableBy(profileKey)}
                and ${notBlockedBetween(profileKey, cards.authorKey)})
            when 'tag' then f.target
            else (select '@' || handle from profiles where key = f.target)
          end as label
        from recommendation_feedback f
        where f.profile_key = ${profileKey}
        order by f.created_at desc`);
      return result.rows;
    },

    /** Adds feedback (again: its time moves to now). */
    async addFeedback(profileKey: string, kind: string, target: string) {
      const result = await orm.execute<{ createdAt: Date }>(sql`
        insert into recommendation_feedback (profile_key, kind, target) values (${profileKey}, ${kind}, ${target})
        on conflict (profile_key, kind, target) do update set created_at = now()
        returning created_at as "createdAt"`);
      return result.rows[0]!.createdAt;
    },

    async removeFeedback(profileKey: string, kind: string, target: string): Promise<boolean> {
      const result = await orm.execute(sql`
        delete from recommendation_feedback
        where profile_key = ${profileKey} and kind = ${kind} and target = ${target}`);
      return (result.rowCount ?? 0) > 0;
    },

    async preferences(profileKey: string) {
      const result = await orm.execute<{ tilt: number; tags: string[] }>(sql`
        select tilt, tags from recommendation_preferences where profile_key = ${profileKey}`);
      return result.rows[0] ?? { tilt: 0, tags: [] };
    },

    async savePreferences(profileKey: string, tilt: number, tags: readonly string[]) {
      await orm.execute(sql`
        insert into recommendation_preferences (profile_key, tilt, tags, updated_at)
        values (${profileKey}, ${tilt}, ${array(tags)}::text[], now())
        on conflict (profile_key) do update set tilt = excluded.tilt, tags = excluded.tags, updated_at = now()`);
    },

    /** How many signals the person has: likes, studied cards, cards written, people followed. */
    async signalCounts(profileKey: string) {
      const result = await orm.execute<{
        likes: number;
        studied: number;
        authored: number;
        follows: number;
      }>(sql`
        select (select count(*) from card_likes where profile_key = ${profileKey})::int as likes,
          (select count(distinct card_id) from review_states where profile_key = ${profileKey} and reps > 0)::int
            as studied,
          (select count(*) from cards where author_key = ${profileKey} and status = 'published'
            and deleted_at is null)::int as authored,
          (select count(*) from follows where follower_key = ${profileKey})::int as follows`);
      return result.rows[0]!;
    },

    /** A listed card the reader may see (for "Not interested" in it), or undefined. */
    async listedCardFor(readerKey: string, cardId: string) {
      const result = await orm.execute<{ id: string; title: string; authorKey: string }>(sql`
        select id, title, author_key as "authorKey" from cards
        where id = ${cardId} and ${listedCard()} and ${notBlockedBetween(readerKey, cards.authorKey)}`);
      return result.rows[0];
    },

    /** Any card by id with the facts "Why not this card?" reads (its rules are applied by the caller). */
    async cardFacts(cardId: string) {
      const result = await orm.execute<{
        id: string;
        title: string;
        authorKey: string;
        status: string;
        visibility: string;
        deletedAt: Date | null;
      }>(sql`
        select id, title, author_key as "authorKey", status, visibility, deleted_at as "deletedAt"
        from cards where id = ${cardId}`);
      return result.rows[0];
    },

    async profileByKey(key: string) {
      const result = await orm.execute<{ key: string; handle: string }>(sql`
        select key, handle from profiles where key = ${key}`);
      return result.rows[0];
    },

    /** The profile's fields a summary shows. */
    async profileRow(key: string) {
      const rows = await orm
        .select({
          key: profiles.key,
          handle: profiles.handle,
          displayName: profiles.displayName,
          photoURL: profiles.photoURL,
          rank: profiles.rank,
          isSubscribed: profiles.isSubscribed,
          subscribedUntil: profiles.subscribedUntil,
        })
        .from(profiles)
        .where(eq(profiles.key, key));
      return rows[0];
    },

    async profileByHandle(handle: string) {
      const result = await orm.execute<{ key: string; handle: string }>(sql`
        select key, handle from profiles where lower(handle) = lower(${handle})`);
      return result.rows[0];
    },

    /** Popular tags of listed cards, for the first-run picker. */
    async starterTags(limit: number) {
      const stats = await orm.execute<{ tag: string; count: number }>(sql`
        select tag, cards as count from tag_stats order by cards desc, tag limit ${limit}`);
      if (stats.rows.length > 0) return stats.rows;
      // Before the first rebuild (a new site): count the cards themselves, few as they are.
      const live = await orm.execute<{ tag: string; count: number }>(sql`
        select tag, count(*)::int as count from cards, unnest(cards.tags) as tag
        where ${listedCard()} group by tag order by count desc, tag limit ${limit}`);
      return live.rows;
    },

    async blockedBetween(a: string, b: string): Promise<boolean> {
      return blockedEitherWay(orm, a, b);
    },

    /** Marks an evaluation as asked for (or, with false, as done): every instance reads the same mark. */
    async markEvaluation(requested: boolean) {
      if (requested) {
        await orm.execute(sql`
          insert into app_settings (key, value, updated_at) values ('recommendations.evaluation', '{}'::jsonb, now())
          on conflict (key) do update set updated_at = now()`);
      } else {
        await orm.execute(sql`delete from app_settings where key = 'recommendations.evaluation'`);
      }
    },

    /** Whether an evaluation was asked for in the last hour and has not finished. */
    async evaluationPending(): Promise<boolean> {
      const result = await orm.execute<{ pending: boolean }>(sql`
        select exists (select 1 from app_settings where key = 'recommendations.evaluation'
          and updated_at > now() - interval '1 hour') as pending`);
      return result.rows[0]?.pending ?? false;
    },

    /**
     * Likes per view over listed cards (the prior of a card's smoothed like rate) and how many cards are listed
     * (the inverse tag frequency's numerator), in one pass over the cards.
     */
    async siteFigures(): Promise<{ likeRate: number; listedCards: number }> {
      const result = await orm.execute<{ likeRate: number | null; listedCards: number }>(sql`
        select (sum(likes)::float8 / nullif(sum(views), 0)) as "likeRate", count(*)::int as "listedCards"
        from cards where ${listedCard()}`);
      const row = result.rows[0];
      return { likeRate: row?.likeRate ?? 0, listedCards: row?.listedCards ?? 0 };
    },

    /** An administrator's action on another person's data, for the audit log. */
    async audit(actorKey: string, action: string, subjectKey: string | null, details: object) {
      await orm.execute(sql`
        insert into audit_events (actor_key, action, subject_key, details)
        values (${actorKey}, ${action}, ${subjectKey}, ${JSON.stringify(details)}::jsonb)`);
    },

    /** The latest runs of a kind, newest first. */
    async runs(kind: 'neighbours' | 'evaluation', limit: number) {
      const result = await orm.execute<{
        id: string;
        weightsVersion: string;
        durationMs: number;
        details: Record<string, unknown>;
        createdAt: Date;
      }>(sql`
        select id, weights_version as "weightsVersion", duration_ms as "durationMs", details, created_at as "createdAt"
        from recommendation_runs where kind = ${kind} order by created_at desc limit ${limit}`);
      return result.rows;
    },

    async saveRun(
      db: Executor,
      kind: 'neighbours' | 'evaluation',
      version: string,
      durationMs: number,
      details: object,
    ) {
      const result = await db.execute<{ id: string; createdAt: Date }>(sql`
        insert into recommendation_runs (kind, weights_version, duration_ms, details)
        values (${kind}, ${version}, ${durationMs}, ${JSON.stringify(details)}::jsonb)
        returning id, created_at as "createdAt"`);
      return result.rows[0]!;
    },

    /**
     * Click and like rates of the last `days` days of impressions, per source and per position: a click is a
     * view of the card by the person on or after the day it was shown, a like one given after it was shown.
     */
    async online(days: number) {
      const result = await orm.execute<{
        source: string;
        position: number;
        impressions: number;
        clicks: number;
        likes: number;
      }>(sql`
        select i.source, least(i.position, 50) as position, count(*)::int as impressions,
          count(*) filter (where exists (
            select 1 from card_views v
            where v.card_id = i.card_id and v.viewer_key = i.profile_key and v.day >= i.shown_at::date))::int as clicks,
          count(*) filter (where exists (
            select 1 from card_likes l
            where l.card_id = i.card_id and l.profile_key = i.profile_key and l.created_at >= i.shown_at))::int as likes
        from recommendation_impressions i
        where i.shown_at > now() - make_interval(days => ${days})
        group by i.source, least(i.position, 50)`);
      return result.rows;
    },
  };
}
export type Store = ReturnType<typeof createStore>;
