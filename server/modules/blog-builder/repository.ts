import { and, arrayOverlaps, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BuilderDraft, BuilderMode, BuilderOutline } from '../../../contracts/blog-builder.ts';
import type { Orm } from '../../db/client.ts';
import {
  blogBuilderRuns,
  blogBuilderSessions,
  blogBuilderVersions,
  cardLinks,
  cards,
  courses,
  courseVersions,
  profiles,
  researchProjectPapers,
  researchProjects,
} from '../../db/schema.ts';
import { cardReadableBy, notBlockedBetween, ownCard, publishedCourse } from '../../db/visibility.ts';

/** Cards a picker may return at once (the builder's own limit on a session's sources). */
const PICKER_LIMIT = 50;

/** Since the UTC day began (the allowance and the usage shown beside it reset at midnight UTC). */
const today = sql`${blogBuilderRuns.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;

/** Storage of the blog builder: its source reads (all through the visibility rules), sessions, versions, runs. */
export function createBlogBuilderRepository(orm: Orm) {
  return {
    /**
     * The cards of `ids` the reader may read (db/visibility.ts: their own in any state, others' published
     * public or unlisted, nobody blocked either way), with their authors. Others are simply not returned.
     */
    async readableCards(reader: string, ids: string[]) {
      if (ids.length === 0) return [];
      return orm
        .select({
          id: cards.id,
          title: cards.title,
          body: cards.body,
          tags: cards.tags,
          author: {
            key: profiles.key,
            handle: profiles.handle,
            displayName: profiles.displayName,
            photoURL: profiles.photoURL,
            rank: profiles.rank,
            isSubscribed: profiles.isSubscribed,
            subscribedUntil: profiles.subscribedUntil,
          },
        })
        .from(cards)
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(inArray(cards.id, ids), cardReadableBy(reader), notBlockedBetween(reader, cards.authorKey)),
        );
    },

    /** The links between these cards (any kind), as source → target. */
    async linksAmong(ids: string[]) {
      if (ids.length === 0) return [];
      return orm
        .selectDistinct({ sourceId: cardLinks.sourceId, targetId: cardLinks.targetId })
        .from(cardLinks)
        .where(and(inArray(cardLinks.sourceId, ids), inArray(cardLinks.targetId, ids)));
    },

    /** The reader's own cards with this tag (any visibility or state), newest first: search lists only public ones. */
    async ownCardsTagged(reader: string, tag: string): Promise<string[]> {
      const rows = await orm
        .select({ id: cards.id })
        .from(cards)
        .where(and(ownCard(reader), arrayOverlaps(cards.tags, [tag.toLowerCase(), tag])))
        .orderBy(desc(cards.updatedAt), cards.id)
        .limit(PICKER_LIMIT);
      return rows.map((row) => row.id);
    },

    /** The cards a published course's lessons teach, in course order; null for no such published course. */
    async courseCardIds(slug: string): Promise<string[] | null> {
      const [row] = await orm
        .select({ content: courseVersions.content })
        .from(courses)
        .innerJoin(
          courseVersions,
          and(eq(courseVersions.courseId, courses.id), eq(courseVersions.number, courses.publishedVersion)),
        )
        .where(and(eq(courses.slug, slug), publishedCourse()));
      if (!row) return null;
      const content = row.content as { lessons?: { cardIds?: string[] }[] };
      return [...new Set((content.lessons ?? []).flatMap((lesson) => lesson.cardIds ?? []))];
    },

    /** The papers of one of the reader's research projects, in the project's order; null if not theirs. */
    async projectCardIds(reader: string, projectId: string): Promise<string[] | null> {
      const [project] = await orm
        .select({ id: researchProjects.id })
        .from(researchProjects)
        .where(and(eq(researchProjects.id, projectId), eq(researchProjects.ownerKey, reader)));
      if (!project) return null;
      const rows = await orm
        .select({ id: researchProjectPapers.cardId })
        .from(researchProjectPapers)
        .where(eq(researchProjectPapers.projectId, project.id))
        .orderBy(asc(researchProjectPapers.position))
        .limit(PICKER_LIMIT);
      return rows.map((row) => row.id);
    },

    async createSession(owner: string, title: string, cardIds: string[]) {
      const [row] = await orm
        .insert(blogBuilderSessions)
        .values({ ownerKey: owner, title, sourceCardIds: cardIds })
        .returning();
      return row!;
    },

    /** The session if `owner` owns it. */
    async session(owner: string, id: string) {
      const [row] = await orm
        .select()
        .from(blogBuilderSessions)
        .where(and(eq(blogBuilderSessions.id, id), eq(blogBuilderSessions.ownerKey, owner)));
      return row;
    },

    async sessions(owner: string) {
      return orm
        .select({
          id: blogBuilderSessions.id,
          title: blogBuilderSessions.title,
          sources: sql<number>`cardinality(${blogBuilderSessions.sourceCardIds})::int`,
          updatedAt: blogBuilderSessions.updatedAt,
        })
        .from(blogBuilderSessions)
        .where(eq(blogBuilderSessions.ownerKey, owner))
        .orderBy(desc(blogBuilderSessions.updatedAt), desc(blogBuilderSessions.id))
        .limit(200);
    },

    async updateSession(
      id: string,
      values: Partial<{ title: string; sourceCardIds: string[]; outline: BuilderOutline; postId: string }>,
    ) {
      await orm
        .update(blogBuilderSessions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(blogBuilderSessions.id, id));
    },

    async versions(sessionId: string) {
      return orm
        .select({
          number: blogBuilderVersions.number,
          instruction: blogBuilderVersions.instruction,
          sectionIndex: blogBuilderVersions.sectionIndex,
          mode: blogBuilderVersions.mode,
          complete: blogBuilderVersions.complete,
          createdAt: blogBuilderVersions.createdAt,
        })
        .from(blogBuilderVersions)
        .where(eq(blogBuilderVersions.sessionId, sessionId))
        .orderBy(asc(blogBuilderVersions.number));
    },

    /** One version in full; the newest when `number` is omitted. */
    async version(sessionId: string, number?: number) {
      const [row] = await orm
        .select()
        .from(blogBuilderVersions)
        .where(
          and(
            eq(blogBuilderVersions.sessionId, sessionId),
            number === undefined ? undefined : eq(blogBuilderVersions.number, number),
          ),
        )
        .orderBy(desc(blogBuilderVersions.number))
        .limit(1);
      return row;
    },

    /** Adds the next version (numbers run 1, 2, … per session; the session row lock orders concurrent adds). */
    async addVersion(
      sessionId: string,
      version: {
        instruction: string | null;
        sectionIndex: number | null;
        draft: BuilderDraft;
        mode: BuilderMode;
        complete: boolean;
      },
    ) {
      return orm.transaction(async (tx) => {
        await tx
          .update(blogBuilderSessions)
          .set({ updatedAt: sql`now()` })
          .where(eq(blogBuilderSessions.id, sessionId));
        const [last] = await tx
          .select({ number: sql<number>`coalesce(max(${blogBuilderVersions.number}), 0)::int` })
          .from(blogBuilderVersions)
          .where(eq(blogBuilderVersions.sessionId, sessionId));
        const [row] = await tx
          .insert(blogBuilderVersions)
          .values({ sessionId, number: (last?.number ?? 0) + 1, ...version })
          .returning();
        return row!;
      });
    },

    /**
     * Records a step that calls the model, before the call: it counts against the allowance even if the
     * client goes away mid-step. Its token use is filled in when the step ends (`setRunTokens`).
     */
    async addRun(owner: string, sessionId: string, step: 'outline' | 'draft' | 'revise'): Promise<string> {
      const [row] = await orm
        .insert(blogBuilderRuns)
        .values({ profileKey: owner, sessionId, step })
        .returning({ id: blogBuilderRuns.id });
      return row!.id;
    },

    async setRunTokens(id: string, tokens: { prompt: number; completion: number }) {
      await orm
        .update(blogBuilderRuns)
        .set({ promptTokens: tokens.prompt, completionTokens: tokens.completion })
        .where(eq(blogBuilderRuns.id, id));
    },

    /** The person's blog-builder token use since the UTC day began. */
    async tokensToday(owner: string) {
      const [row] = await orm
        .select({
          prompt: sql<number>`coalesce(sum(${blogBuilderRuns.promptTokens}), 0)::int`,
          completion: sql<number>`coalesce(sum(${blogBuilderRuns.completionTokens}), 0)::int`,
        })
        .from(blogBuilderRuns)
        .where(and(eq(blogBuilderRuns.profileKey, owner), today));
      return { prompt: row?.prompt ?? 0, completion: row?.completion ?? 0 };
    },

    /** The owner's profile, for their plan. */
    async profile(owner: string) {
      const [row] = await orm
        .select({ isSubscribed: profiles.isSubscribed, subscribedUntil: profiles.subscribedUntil })
        .from(profiles)
        .where(eq(profiles.key, owner));
      return row;
    },

    /**
     * A blog draft for `owner` made by the builder: a `blog_posts` row in status draft (its live columns stay
     * empty until a publish), its working copy in `blog_post_drafts`, and revision 1 with reason 'agent'; and
     * the session remembers the post. Written here until the blog module offers it as a service.
     */
    /** Remembers the blog post the session was opened as. */
    async setPost(sessionId: string, postId: string) {
      await orm
        .update(blogBuilderSessions)
        .set({ postId, updatedAt: sql`now()` })
        .where(eq(blogBuilderSessions.id, sessionId));
    },
  };
}

export type BlogBuilderRepository = ReturnType<typeof createBlogBuilderRepository>;
