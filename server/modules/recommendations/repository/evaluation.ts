import { sql } from 'drizzle-orm';
import type { Executor, Orm } from '../../../db/client.ts';
import { listedCard } from '../../../db/visibility.ts';
import { rebuildNeighbours } from './maintenance.ts';
import { array, together } from './params.ts';

/** Thrown to roll a transaction back once its work is read. */
class RolledBack extends Error {}

/** Runs `work` in a transaction that is always rolled back: what it changes, nobody else ever sees. */
export async function inRolledBackTransaction<T>(orm: Orm, work: (tx: Executor) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await orm.transaction(async (tx) => {
      result = { value: await work(tx) };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return result!.value;
}

/**
 * People with at least `minLikes` likes of other people's listed cards, in a fixed pseudo-random order, each
 * with their latest such like (the one held back).
 */
export async function evaluationSample(tx: Executor, people: number, minLikes: number) {
  const result = await tx.execute<{ profileKey: string; heldOut: string }>(sql`
    select card_likes.profile_key as "profileKey",
      (array_agg(card_likes.card_id order by card_likes.created_at desc, card_likes.card_id))[1] as "heldOut"
    from card_likes join cards on cards.id = card_likes.card_id
    where ${listedCard()} and cards.author_key <> card_likes.profile_key
    group by card_likes.profile_key
    having count(*) >= ${minLikes}
    order by md5(card_likes.profile_key)
    limit ${people}`);
  return result.rows;
}

/**
 * Removes the held-back likes (and study of those cards) inside the transaction and builds the neighbour
 * table again without them, into a temporary table of the same name that hides the real one from this
 * transaction's statements.
 */
export async function holdOut(tx: Executor, held: readonly { profileKey: string; heldOut: string }[]) {
  const profiles = array(held.map((item) => item.profileKey));
  const cards = array(held.map((item) => item.heldOut));
  await tx.execute(sql`
    create temporary table card_neighbours (like public.card_neighbours including all) on commit drop`);
  await tx.execute(sql`
    delete from card_likes l using unnest(${profiles}::text[], ${cards}::uuid[]) as h(profile_key, card_id)
    where l.profile_key = h.profile_key and l.card_id = h.card_id`);
  await tx.execute(sql`
    delete from review_states s using unnest(${profiles}::text[], ${cards}::uuid[]) as h(profile_key, card_id)
    where s.profile_key = h.profile_key and s.card_id = h.card_id`);
  await rebuildNeighbours(tx, { inPlace: true });
}

/** What the baselines and the metrics read of the site: the most liked and a fixed random set of listed cards. */
export async function evaluationCatalogue(tx: Executor, popularCount: number) {
  const [popular, random, catalogue, likers, popularity] = await together(tx, [
    () =>
      tx.execute<{ id: string; authorKey: string }>(sql`
      select id, author_key as "authorKey" from cards where ${listedCard()}
      order by likes desc, id limit ${popularCount}`),
    () =>
      tx.execute<{ id: string; authorKey: string }>(sql`
      select id, author_key as "authorKey" from cards where ${listedCard()} order by md5(id::text) limit 5000`),
    () => tx.execute<{ count: number }>(sql`select count(*)::int as count from cards where ${listedCard()}`),
    () =>
      tx.execute<{ count: number }>(sql`select count(distinct profile_key)::int as count from card_likes`),
    () =>
      tx.execute<{ id: string; likes: number }>(sql`
      select card_id as id, count(*)::int as likes from card_likes group by card_id`),
  ]);
  return {
    popular: popular.rows,
    random: random.rows,
    catalogue: catalogue.rows[0]?.count ?? 0,
    likers: likers.rows[0]?.count ?? 0,
    popularity: new Map(popularity.rows.map((row) => [row.id, row.likes])),
  };
}

/** The cards a person liked (what remains of them in the transaction). */
export async function likedBy(tx: Executor, profileKey: string): Promise<Set<string>> {
  const result = await tx.execute<{ id: string }>(sql`
    select card_id as id from card_likes where profile_key = ${profileKey}`);
  return new Set(result.rows.map((row) => row.id));
}

/** The tags of each card among `ids`. */
export async function tagsOfCards(tx: Executor, ids: readonly string[]): Promise<Map<string, string[]>> {
  const result = await tx.execute<{ id: string; tags: string[] }>(sql`
    select id, tags from cards where id = any(${array(ids)}::uuid[])`);
  return new Map(result.rows.map((row) => [row.id, row.tags]));
}
