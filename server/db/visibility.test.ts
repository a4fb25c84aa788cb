import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { blocks, cards, cardVersions, profiles, users } from './schema.ts';
import {
  blockedBetween,
  cardReadableBy,
  listedCard,
  mayReadCard,
  mayReadVersion,
  notBlockedBetween,
  openCard,
  ownCard,
  publishedCard,
  publishedCardReadableBy,
  studyableBy,
  versionReadableBy,
} from './visibility.ts';

// Every state a card can be in, by the reader and by each kind of other author: the predicates are checked
// against this whole grid, so a case nobody thought of still has an answer here.
const states = [
  { name: 'public', status: 'published', visibility: 'public', deleted: false },
  { name: 'unlisted', status: 'published', visibility: 'unlisted', deleted: false },
  { name: 'private', status: 'published', visibility: 'private', deleted: false },
  { name: 'draft', status: 'draft', visibility: 'public', deleted: false },
  { name: 'deleted', status: 'published', visibility: 'public', deleted: true },
] as const;
type StateName = (typeof states)[number]['name'];

// The reader, someone with no block, someone the reader blocks, someone who blocks the reader.
const authors = ['reader', 'stranger', 'blockedByReader', 'blocksReader'] as const;
type Author = (typeof authors)[number];

describe('who may read what (server/db/visibility.ts)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const keys = {} as Record<Author, string>;
  const cardIds = new Map<string, `${Author}:${StateName}`>();

  beforeAll(async () => {
    database = await createTestDatabase();
    const { orm } = database.db;
    const suffix = Date.now().toString(36);
    for (const author of authors) {
      const key = `visibility-${author}-${suffix}`;
      keys[author] = key;
      await orm.insert(users).values({ id: key, name: author, email: `${key}@example.org` });
      await orm
        .insert(profiles)
        .values({ key, userId: key, handle: `${author}_${suffix}`, displayName: author });
    }
    await orm.insert(blocks).values([
      { blockerKey: keys.reader, blockedKey: keys.blockedByReader },
      { blockerKey: keys.blocksReader, blockedKey: keys.reader },
    ]);
    for (const author of authors) {
      for (const state of states) {
        const [row] = await orm
          .insert(cards)
          .values({
            authorKey: keys[author],
            title: `${author} ${state.name}`,
            status: state.status,
            visibility: state.visibility,
            publishedAt: state.status === 'published' ? new Date() : null,
            deletedAt: state.deleted ? new Date() : null,
          })
          .returning({ id: cards.id });
        cardIds.set(row!.id, `${author}:${state.name}`);
      }
    }
  });
  afterAll(async () => database?.drop());

  /** The grid's cards `where` selects, as `author:state` names, sorted. */
  async function selected(where: SQL | undefined): Promise<string[]> {
    const rows = await database.db.orm
      .select({ id: cards.id })
      .from(cards)
      .where(and(inArray(cards.id, [...cardIds.keys()]), where))
      .orderBy(asc(cards.id));
    return rows.map((row) => cardIds.get(row.id)!).sort();
  }
  const grid = (pairs: [Author[], StateName[]]) =>
    pairs[0].flatMap((author) => pairs[1].map((state) => `${author}:${state}`)).sort();
  const others: Author[] = ['stranger', 'blockedByReader', 'blocksReader'];

  it('lists published public cards that are not deleted, for everyone alike', async () => {
    expect(await selected(listedCard())).toEqual(grid([[...authors], ['public']]));
    expect(await selected(publishedCard())).toEqual(grid([[...authors], ['public', 'unlisted', 'private']]));
  });

  it('opens public and unlisted published cards by link, and the reader’s own in any state but deleted', async () => {
    expect(await selected(openCard())).toEqual(grid([[...authors], ['public', 'unlisted']]));
    expect(await selected(ownCard(keys.reader))).toEqual(
      grid([['reader'], ['public', 'unlisted', 'private', 'draft']]),
    );
    expect(await selected(ownCard(undefined))).toEqual([]);
    expect(await selected(cardReadableBy(keys.reader))).toEqual(
      [
        ...grid([['reader'], ['public', 'unlisted', 'private', 'draft']]),
        ...grid([others, ['public', 'unlisted']]),
      ].sort(),
    );
    expect(await selected(cardReadableBy(undefined))).toEqual(grid([[...authors], ['public', 'unlisted']]));
    expect(await selected(publishedCardReadableBy(keys.reader))).toEqual(
      [
        ...grid([['reader'], ['public', 'unlisted', 'private']]),
        ...grid([others, ['public', 'unlisted']]),
      ].sort(),
    );
  });

  it('hides the cards of people blocked either way from the reader, and from nobody else', async () => {
    // Both directions: the one the reader blocks, and the one who blocks the reader.
    expect(await selected(notBlockedBetween(keys.reader, cards.authorKey))).toEqual(
      grid([['reader', 'stranger'], states.map((state) => state.name)]),
    );
    // The blocked person sees the reader's cards no more than the reader sees theirs.
    expect(await selected(notBlockedBetween(keys.blockedByReader, cards.authorKey))).toEqual(
      grid([['stranger', 'blockedByReader', 'blocksReader'], states.map((state) => state.name)]),
    );
    expect(await selected(notBlockedBetween(keys.blocksReader, cards.authorKey))).toEqual(
      grid([['stranger', 'blockedByReader', 'blocksReader'], states.map((state) => state.name)]),
    );
    // A visitor has no blocks: there is nothing to add to the query.
    expect(notBlockedBetween(undefined, cards.authorKey)).toBeUndefined();
    expect(await selected(studyableBy(keys.reader))).toEqual(
      [
        ...grid([['reader'], ['public', 'unlisted', 'private']]),
        ...grid([['stranger'], ['public', 'unlisted']]),
      ].sort(),
    );
  });

  it('reads through an alias of the cards table', async () => {
    // As a correlated subquery would name it: `cards t`, the alias's columns written `"t"."…"`.
    const t = alias(cards, 't');
    const result = await database.db.orm.execute<{ title: string }>(sql`
      select ${t.title} as title from cards t
      where ${inArray(t.id, [...cardIds.keys()])} and ${cardReadableBy(keys.reader, t)}
        and ${notBlockedBetween(keys.reader, t.authorKey)!}
      order by 1`);
    expect(result.rows.map((row) => row.title)).toEqual(
      [
        'reader draft',
        'reader private',
        'reader public',
        'reader unlisted',
        'stranger public',
        'stranger unlisted',
      ].sort(),
    );
  });

  it('tells a block between two people whichever of them blocked', async () => {
    const blocked = async (a: string, b: string) =>
      (await database.db.orm.execute<{ b: boolean }>(sql`select ${blockedBetween(a, b)} as b`)).rows[0]?.b;
    expect(await blocked(keys.reader, keys.blockedByReader)).toBe(true);
    expect(await blocked(keys.blockedByReader, keys.reader)).toBe(true);
    expect(await blocked(keys.reader, keys.blocksReader)).toBe(true);
    expect(await blocked(keys.blocksReader, keys.reader)).toBe(true);
    expect(await blocked(keys.reader, keys.stranger)).toBe(false);
    expect(await blocked(keys.blockedByReader, keys.blocksReader)).toBe(false);
  });

  it('decides on a row in hand as the SQL does', async () => {
    const rows = await database.db.orm
      .select({
        id: cards.id,
        authorKey: cards.authorKey,
        status: cards.status,
        visibility: cards.visibility,
        deletedAt: cards.deletedAt,
      })
      .from(cards)
      .where(inArray(cards.id, [...cardIds.keys()]));
    for (const reader of [keys.reader, keys.stranger, undefined]) {
      const inSql = new Set(
        (
          await database.db.orm
            .select({ id: cards.id })
            .from(cards)
            .where(and(inArray(cards.id, [...cardIds.keys()]), cardReadableBy(reader)))
        ).map((row) => row.id),
      );
      for (const row of rows) expect(mayReadCard(row, reader), cardIds.get(row.id)).toBe(inSql.has(row.id));
    }
  });

  it('opens a version to others only when it was published public or unlisted, on a card they may open', async () => {
    // Every card of the grid gets one version published under each visibility (decision 014).
    const visibilities = ['public', 'unlisted', 'private'] as const;
    await database.db.orm.insert(cardVersions).values(
      [...cardIds.keys()].flatMap((cardId) =>
        visibilities.map((visibility, index) => ({
          cardId,
          version: index + 1,
          title: visibility,
          body: '',
          type: 'note',
          visibility,
        })),
      ),
    );
    const rows = await database.db.orm
      .select({
        id: cards.id,
        authorKey: cards.authorKey,
        status: cards.status,
        visibility: cards.visibility,
        deletedAt: cards.deletedAt,
        version: cardVersions.visibility,
      })
      .from(cardVersions)
      .innerJoin(cards, eq(cards.id, cardVersions.cardId))
      .where(inArray(cards.id, [...cardIds.keys()]));
    const readable = async (reader: string | undefined) =>
      (
        await database.db.orm
          .select({ id: cards.id, version: cardVersions.visibility })
          .from(cardVersions)
          .innerJoin(cards, eq(cards.id, cardVersions.cardId))
          .where(and(inArray(cards.id, [...cardIds.keys()]), versionReadableBy(reader, cardVersions)))
      )
        .map((row) => `${cardIds.get(row.id)}:${row.version}`)
        .sort();
    const versionsOf = (cardsOf: string[], kept: string[]) =>
      cardsOf.flatMap((card) => kept.map((visibility) => `${card}:${visibility}`)).sort();

    expect(await readable(keys.reader)).toEqual(
      [
        ...versionsOf(grid([['reader'], ['public', 'unlisted', 'private', 'draft']]), [...visibilities]),
        ...versionsOf(grid([others, ['public', 'unlisted']]), ['public', 'unlisted']),
      ].sort(),
    );
    expect(await readable(undefined)).toEqual(
      versionsOf(grid([[...authors], ['public', 'unlisted']]), ['public', 'unlisted']),
    );
    for (const reader of [keys.reader, keys.stranger, undefined]) {
      const inSql = new Set(await readable(reader));
      for (const row of rows) {
        const name = `${cardIds.get(row.id)}:${row.version}`;
        expect(mayReadVersion(row, { visibility: row.version }, reader), name).toBe(inSql.has(name));
      }
    }
  });
});
