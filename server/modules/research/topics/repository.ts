import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import {
  cards,
  courses,
  profiles,
  researchEditors,
  researchListItems,
  researchLists,
  researchQueue,
  researchTopics,
} from '../../../db/schema.ts';
import { listedCard, publishedCourse } from '../../../db/visibility.ts';

const personColumns = {
  key: profiles.key,
  handle: profiles.handle,
  displayName: profiles.displayName,
  photoURL: profiles.photoURL,
  rank: profiles.rank,
  isSubscribed: profiles.isSubscribed,
  subscribedUntil: profiles.subscribedUntil,
};

export type TopicRow = typeof researchTopics.$inferSelect;

// The outer topic is named in full inside these column subqueries: among a one-table select's columns Drizzle
// writes columns bare, and a bare "id" or "tags" in a subquery means the subquery's own table.

/** How many listed papers carry one of the topic's tags. */
const paperCount = sql<number>`(select count(*)::int from ${cards} where ${cards.type} = 'paper' and ${listedCard()} and ${cards.tags} && research_topics.tags)`;

/** How many reading lists the topic has. */
const listCount = sql<number>`(select count(*)::int from ${researchLists} l where l.topic_id = research_topics.id)`;

/** A topic to install, with its papers already as card ids. */
export type TopicInstall = {
  slug: string;
  title: string;
  introduction: string;
  tags: string[];
  courses: string[];
  links: { label: string; href: string }[];
  editorKey: string;
  lists: { slug: string; title: string; description: string; items: { cardId: string; note: string }[] }[];
  /** Demo readers' queues: who has which papers queued, so "read by" and co-reading have something to show. */
  queues: { profileKey: string; cardId: string }[];
};

/** The database side of the research centre's topics, reading lists and editors. */
export function createTopicsRepository(orm: Orm) {
  return {
    /** Every topic, by title, with how many listed papers carry its tags and how many lists it has. */
    async topics() {
      return orm
        .select({ topic: researchTopics, paperCount, listCount })
        .from(researchTopics)
        .orderBy(asc(researchTopics.title));
    },

    async topic(slug: string) {
      const [row] = await orm
        .select({ topic: researchTopics, paperCount })
        .from(researchTopics)
        .where(eq(researchTopics.slug, slug));
      return row;
    },

    /** A topic's tags alone: a search within the topic needs no more, and counting its papers reads them all. */
    async topicTags(slug: string): Promise<string[] | undefined> {
      const [row] = await orm
        .select({ tags: researchTopics.tags })
        .from(researchTopics)
        .where(eq(researchTopics.slug, slug));
      return row?.tags;
    },

    async createTopic(values: typeof researchTopics.$inferInsert) {
      const [row] = await orm.insert(researchTopics).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateTopic(id: string, values: Partial<typeof researchTopics.$inferInsert>) {
      const [row] = await orm
        .update(researchTopics)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(researchTopics.id, id))
        .returning();
      return row;
    },

    /** The topic's lists in order, each with its items' paper ids and notes in order. */
    async lists(topicId: string) {
      const lists = await orm
        .select()
        .from(researchLists)
        .where(eq(researchLists.topicId, topicId))
        .orderBy(asc(researchLists.position), asc(researchLists.id));
      const items = lists.length
        ? await orm
            .select()
            .from(researchListItems)
            .where(
              inArray(
                researchListItems.listId,
                lists.map((list) => list.id),
              ),
            )
            .orderBy(asc(researchListItems.position))
        : [];
      return lists.map((list) => ({ ...list, items: items.filter((item) => item.listId === list.id) }));
    },

    async list(id: string) {
      const [row] = await orm.select().from(researchLists).where(eq(researchLists.id, id));
      return row;
    },

    /**
     * Creates or replaces a reading list of the topic (by slug): its title, description and items in order.
     * One transaction, so readers never see half a list.
     */
    async saveList(
      topicId: string,
      input: { slug: string; title: string; description: string; items: { paperId: string; note: string }[] },
    ) {
      return orm.transaction(async (tx) => {
        const [position] = await tx
          .select({ next: sql<number>`coalesce(max(${researchLists.position}), 0) + 1` })
          .from(researchLists)
          .where(eq(researchLists.topicId, topicId));
        const [list] = await tx
          .insert(researchLists)
          .values({
            topicId,
            slug: input.slug,
            title: input.title,
            description: input.description,
            position: position!.next,
          })
          .onConflictDoUpdate({
            target: [researchLists.topicId, researchLists.slug],
            set: { title: input.title, description: input.description, updatedAt: new Date() },
          })
          .returning();
        await tx.delete(researchListItems).where(eq(researchListItems.listId, list!.id));
        if (input.items.length > 0)
          await tx.insert(researchListItems).values(
            input.items.map((item, index) => ({
              listId: list!.id,
              cardId: item.paperId,
              note: item.note,
              position: index + 1,
            })),
          );
        return list!;
      });
    },

    async deleteList(topicId: string, slug: string) {
      const rows = await orm
        .delete(researchLists)
        .where(and(eq(researchLists.topicId, topicId), eq(researchLists.slug, slug)))
        .returning({ id: researchLists.id });
      return rows.length > 0;
    },

    /** Which of the course slugs are published courses, with their titles. */
    async coursesBySlug(slugs: string[]) {
      if (slugs.length === 0) return [];
      return orm
        .select({ slug: courses.slug, title: courses.title })
        .from(courses)
        .where(and(inArray(courses.slug, slugs), publishedCourse()));
    },

    /** Whether the person has the editor role. */
    async isEditor(key: string) {
      const [row] = await orm
        .select({ key: researchEditors.profileKey })
        .from(researchEditors)
        .where(eq(researchEditors.profileKey, key));
      return row !== undefined;
    },

    async editors() {
      return orm
        .select({ person: personColumns, grantedAt: researchEditors.grantedAt })
        .from(researchEditors)
        .innerJoin(profiles, eq(profiles.key, researchEditors.profileKey))
        .orderBy(desc(researchEditors.grantedAt), asc(profiles.handle));
    },

    async editor(key: string) {
      const [row] = await orm
        .select({ person: personColumns, grantedAt: researchEditors.grantedAt })
        .from(researchEditors)
        .innerJoin(profiles, eq(profiles.key, researchEditors.profileKey))
        .where(eq(researchEditors.profileKey, key));
      return row;
    },

    async addEditor(key: string, grantedBy: string | null) {
      await orm.insert(researchEditors).values({ profileKey: key, grantedBy }).onConflictDoNothing();
    },

    async removeEditor(key: string) {
      await orm.delete(researchEditors).where(eq(researchEditors.profileKey, key));
    },

    /** Installs a topic with lists, editor and queues in one transaction; false when its slug exists. */
    async install(topic: TopicInstall): Promise<boolean> {
      return orm.transaction(async (tx) => {
        const [created] = await tx
          .insert(researchTopics)
          .values({
            slug: topic.slug,
            title: topic.title,
            introduction: topic.introduction,
            tags: topic.tags,
            courses: topic.courses,
            links: topic.links,
            createdBy: topic.editorKey,
          })
          .onConflictDoNothing()
          .returning({ id: researchTopics.id });
        if (!created) return false;
        await tx.insert(researchEditors).values({ profileKey: topic.editorKey }).onConflictDoNothing();
        for (const [index, list] of topic.lists.entries()) {
          const [row] = await tx
            .insert(researchLists)
            .values({
              topicId: created.id,
              slug: list.slug,
              title: list.title,
              description: list.description,
              position: index + 1,
            })
            .returning({ id: researchLists.id });
          if (list.items.length > 0)
            await tx.insert(researchListItems).values(
              list.items.map((item, at) => ({
                listId: row!.id,
                cardId: item.cardId,
                note: item.note,
                position: at + 1,
              })),
            );
        }
        if (topic.queues.length > 0)
          await tx.insert(researchQueue).values(topic.queues).onConflictDoNothing();
        await tx
          .update(researchTopics)
          .set({ updatedAt: new Date() })
          .where(eq(researchTopics.id, created.id));
        return true;
      });
    },

    async profileByHandle(handle: string) {
      const [row] = await orm
        .select({ key: profiles.key })
        .from(profiles)
        .where(sql`lower(${profiles.handle}) = ${handle.toLowerCase()}`);
      return row;
    },
  };
}

export type TopicsRepository = ReturnType<typeof createTopicsRepository>;
