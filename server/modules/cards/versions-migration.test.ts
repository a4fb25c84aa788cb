import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate.ts';
import { cards, cardVersions, profiles, users } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/database.ts';

// Decision 014: versions written before their visibility was stored get the most restrictive value.
describe('migration 0012: the visibility of existing card versions', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('makes every existing version private but each card’s latest, which takes the card’s visibility', async () => {
    const orm = database.db.orm;
    await orm.insert(users).values({ id: 'old-author', name: 'Old author', email: 'old@example.org' });
    await orm.insert(profiles).values({ key: 'old-author', userId: 'old-author', handle: 'old_author' });
    const made = await orm
      .insert(cards)
      .values(
        (['public', 'unlisted', 'private'] as const).map((visibility) => ({
          authorKey: 'old-author',
          title: visibility,
          body: '',
          type: 'note',
          visibility,
          status: 'published',
          version: 3,
        })),
      )
      .returning({ id: cards.id, visibility: cards.visibility });
    await orm.insert(cardVersions).values(
      made.flatMap((card) =>
        [1, 2, 3].map((version) => ({
          cardId: card.id,
          version,
          title: card.visibility,
          body: '',
          type: 'note',
          visibility: 'public',
        })),
      ),
    );

    // Back to the table as it was before the migration, then the migration itself.
    await orm.execute(sql`alter table card_versions drop column visibility`);
    const file = await fs.readFile(path.join(migrationsFolder, '0012_card_versions_visibility.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await orm.execute(sql.raw(statement));

    const rows = await orm
      .select({
        title: cardVersions.title,
        version: cardVersions.version,
        visibility: cardVersions.visibility,
      })
      .from(cardVersions)
      .orderBy(asc(cardVersions.title), asc(cardVersions.version));
    expect(rows.map((row) => `${row.title} ${row.version}: ${row.visibility}`)).toEqual([
      'private 1: private',
      'private 2: private',
      'private 3: private',
      'public 1: private',
      'public 2: private',
      'public 3: public',
      'unlisted 1: private',
      'unlisted 2: private',
      'unlisted 3: unlisted',
    ]);
    // A version written from now on must say its visibility, and only a known one.
    await expect(
      orm.execute(
        sql`insert into card_versions (card_id, version, title, body, type) values (${made[0]!.id}, 4, 'x', '', 'note')`,
      ),
    ).rejects.toThrow();
    await expect(
      orm.execute(
        sql`insert into card_versions (card_id, version, title, body, type, visibility) values (${made[0]!.id}, 4, 'x', '', 'note', 'friends')`,
      ),
    ).rejects.toThrow();
  });
});
