import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CardType, CardVisibility, LinkKind } from '../../contracts/cards.ts';
import {
  blocks,
  cardLikes,
  cardLinks,
  cards,
  follows,
  profiles,
  users,
  type CardFields,
} from '../db/schema.ts';
import type { TestContext } from './app.ts';

/** What a test card may set; everything else gets a default (a published public note, published now). */
export type CardSpec = {
  title?: string;
  body?: string;
  type?: CardType;
  /** Type-specific fields: a flashcard's front and back, a paper's authors… */
  fields?: CardFields;
  tags?: string[];
  visibility?: CardVisibility;
  status?: 'draft' | 'published';
  publishedAt?: Date | null;
  deletedAt?: Date | null;
  likes?: number;
  remixes?: number;
  views?: number;
  trendingScore?: number;
};

let counter = 0;

/**
 * Card factory for server tests. It writes rows straight through Drizzle (not through the publishing API),
 * so tests of the read side can set up any state: drafts, unlisted, private, deleted, counters, dates.
 */
export function cardFactory(context: TestContext) {
  const orm = () => context.db.orm;

  /** A person with a profile but no session (an author others read); returns the profile key. */
  async function author(handle?: string): Promise<string> {
    counter++;
    const id = `author-${randomUUID()}`;
    const name = handle ?? `author_${Date.now().toString(36)}_${counter}`;
    await orm()
      .insert(users)
      .values({ id, name, email: `${id}@example.org` });
    await orm().insert(profiles).values({ key: id, userId: id, handle: name, displayName: name });
    return id;
  }

  /** A card by `authorKey`; a published card's `publishedAt` defaults to now. */
  async function card(authorKey: string, spec: CardSpec = {}) {
    counter++;
    const status = spec.status ?? 'published';
    const [row] = await orm()
      .insert(cards)
      .values({
        authorKey,
        title: spec.title ?? `Card ${counter}`,
        body: spec.body ?? '',
        type: spec.type ?? 'note',
        fields: spec.fields ?? {},
        tags: spec.tags ?? [],
        visibility: spec.visibility ?? 'public',
        status,
        version: status === 'published' ? 1 : 0,
        publishedAt:
          spec.publishedAt !== undefined ? spec.publishedAt : status === 'published' ? new Date() : null,
        deletedAt: spec.deletedAt ?? null,
        likes: spec.likes ?? 0,
        remixes: spec.remixes ?? 0,
        views: spec.views ?? 0,
        trendingScore: spec.trendingScore ?? 0,
      })
      .returning();
    return row!;
  }

  /** A link from one card to another. */
  async function link(sourceId: string, targetId: string, kind: LinkKind = 'wiki') {
    await orm().insert(cardLinks).values({ sourceId, targetId, kind }).onConflictDoNothing();
  }

  /** `profileKey` likes the card (at `at`, default now); the card's counter moves with the row. */
  async function like(cardId: string, profileKey: string, at?: Date) {
    await orm().transaction(async (tx) => {
      await tx.insert(cardLikes).values({ cardId, profileKey, ...(at ? { createdAt: at } : {}) });
      await tx
        .update(cards)
        .set({ likes: sql`${cards.likes} + 1` })
        .where(eq(cards.id, cardId));
    });
  }

  async function follow(followerKey: string, followeeKey: string) {
    await orm().insert(follows).values({ followerKey, followeeKey }).onConflictDoNothing();
  }

  async function block(blockerKey: string, blockedKey: string) {
    await orm().insert(blocks).values({ blockerKey, blockedKey }).onConflictDoNothing();
  }

  return { author, card, link, like, follow, block };
}
