import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { cards } from '../../../db/schema.ts';
import { listedCard, notBlockedBetween } from '../../../db/visibility.ts';
import { array } from './params.ts';

// The candidate sources, each a cheap statement that proposes a few hundred card ids with a raw score. They
// read only listed cards; the facts statement at the end checks every candidate again through the visibility
// module (listed, no block either way) before anything is ranked, so a stale pool cannot leak a card.

/** How many candidates each source proposes at most. */
export const SOURCE_LIMITS = { following: 100, neighbours: 150, trending: 50, fresh: 40 } as const;

type Scored = { id: string; score: number };

/** The newest listed cards of the people followed (last 90 days); the score is the publication time. */
export async function followingCandidates(db: Executor, follows: readonly string[]): Promise<Scored[]> {
  if (follows.length === 0) return [];
  const result = await db.execute<Scored>(sql`
    select id, extract(epoch from published_at)::float8 as score
    from cards
    where ${listedCard()} and author_key = any(${array(follows)}::text[])
      and published_at > now() - interval '90 days'
    order by published_at desc nulls last
    limit ${SOURCE_LIMITS.following}`);
  return result.rows;
}

/** The pools of the given tags (their most trending listed cards) and how many cards carry each tag. */
export async function tagPools(
  db: Executor,
  tags: readonly string[],
): Promise<{ tag: string; cards: number; pool: string[] }[]> {
  if (tags.length === 0) return [];
  const result = await db.execute<{ tag: string; cards: number; pool: string[] }>(sql`
    select tag, cards, pool from tag_stats where tag = any(${array(tags)}::text[])`);
  return result.rows;
}

/** Cards liked or studied by the people who liked or studied the seeds, with the seed that did most. */
export async function neighbourCandidates(
  db: Executor,
  seeds: readonly { id: string; weight: number }[],
): Promise<(Scored & { seed: string })[]> {
  if (seeds.length === 0) return [];
  const result = await db.execute<Scored & { seed: string }>(sql`
    select n.neighbour_id as id, sum(n.score * s.weight)::float8 as score,
      (array_agg(n.card_id order by n.score * s.weight desc))[1] as seed
    from unnest(${array(seeds.map((seed) => seed.id))}::uuid[], ${array(seeds.map((seed) => seed.weight))}::float8[])
      as s(id, weight)
    join card_neighbours n on n.card_id = s.id
    group by n.neighbour_id
    order by score desc
    limit ${SOURCE_LIMITS.neighbours}`);
  return result.rows;
}

/** The most trending listed cards. */
export async function trendingCandidates(db: Executor): Promise<Scored[]> {
  const result = await db.execute<Scored>(sql`
    select id, trending_score as score from cards where ${listedCard()}
    order by trending_score desc nulls last, id desc nulls last
    limit ${SOURCE_LIMITS.trending}`);
  return result.rows;
}

/**
 * The exploration source: listed cards of the last two weeks by authors few people follow yet, newest first
 * (the score is the publication time).
 */
export async function freshCandidates(db: Executor): Promise<Scored[]> {
  const result = await db.execute<Scored>(sql`
    select cards.id, extract(epoch from cards.published_at)::float8 as score
    from cards join profiles p on p.key = cards.author_key
    where ${listedCard()} and cards.published_at > now() - interval '14 days' and p.followers < 20
    order by cards.published_at desc nulls last, cards.id desc nulls last
    limit ${SOURCE_LIMITS.fresh}`);
  return result.rows;
}

export type CandidateFacts = {
  id: string;
  title: string;
  authorKey: string;
  authorHandle: string;
  tags: string[];
  forkOfId: string | null;
  publishedAt: Date;
  likes: number;
  views: number;
};

/**
 * The facts the ranking reads of the candidates the reader may see: listed, and by nobody blocked either way.
 * Candidates that fail the rules are simply absent.
 */
export async function candidateFacts(
  db: Executor,
  readerKey: string,
  ids: readonly string[],
): Promise<CandidateFacts[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<CandidateFacts>(sql`
    select cards.id, cards.title, cards.author_key as "authorKey", p.handle as "authorHandle", cards.tags,
      cards.fork_of_id as "forkOfId", cards.published_at as "publishedAt", cards.likes, cards.views
    from cards join profiles p on p.key = cards.author_key
    where cards.id = any(${array(ids)}::uuid[]) and ${listedCard(cards)}
      and ${notBlockedBetween(readerKey, cards.authorKey)}`);
  return result.rows;
}
