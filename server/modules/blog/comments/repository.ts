import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Orm } from '../../../db/client.ts';
import { blogComments, blogPosts, profiles } from '../../../db/schema.ts';
import { blockedEitherWay, notBlockedBetween, publishedPost } from '../../../db/visibility.ts';

/** The comments of blog posts: the thread as readers see it, and the writes that keep the post's count. */
export function createCommentsRepository(orm: Orm) {
  return {
    /** The published post `id` (its author), or undefined for a missing, draft or scheduled one. */
    async publishedPost(id: string) {
      const [row] = await orm
        .select({ id: blogPosts.id, authorKey: blogPosts.authorKey, slug: blogPosts.slug })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), publishedPost()));
      return row;
    },

    /**
     * Every comment of `postId` with its author, oldest first, leaving out the people the reader blocks or who
     * block the reader.
     */
    async thread(postId: string, readerKey: string | undefined) {
      return orm
        .select({ comment: blogComments, author: profiles })
        .from(blogComments)
        .innerJoin(profiles, eq(profiles.key, blogComments.authorKey))
        .where(and(eq(blogComments.postId, postId), notBlockedBetween(readerKey, blogComments.authorKey)))
        .orderBy(asc(blogComments.createdAt), asc(blogComments.id));
    },

    /** One comment with its author and its post's state, or undefined. */
    async comment(id: string) {
      const [row] = await orm
        .select({
          comment: blogComments,
          author: profiles,
          post: { id: blogPosts.id, status: blogPosts.status, authorKey: blogPosts.authorKey },
        })
        .from(blogComments)
        .innerJoin(profiles, eq(profiles.key, blogComments.authorKey))
        .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
        .where(eq(blogComments.id, id));
      return row;
    },

    /** Whether either of two people blocks the other. */
    async blocked(a: string, b: string) {
      return blockedEitherWay(orm, a, b);
    },

    /**
     * Adds a comment and counts it on its post in one transaction; the post row is locked first so two
     * comments at once both count. Gives undefined when the post stopped being published meanwhile.
     */
    async insert(values: { postId: string; authorKey: string; parentId: string | null; body: string }) {
      return orm.transaction(async (tx) => {
        const counted = await tx
          .update(blogPosts)
          .set({ comments: sql`${blogPosts.comments} + 1` })
          .where(and(eq(blogPosts.id, values.postId), publishedPost()))
          .returning({ id: blogPosts.id });
        if (counted.length === 0) return undefined;
        const [row] = await tx.insert(blogComments).values(values).returning();
        return row;
      });
    },

    /**
     * Marks a comment deleted (by its author) or removed (`removedBy`, an administrator) and takes it off its
     * post's count, once: a second delete changes nothing. Gives whether this call deleted it.
     */
    async markDeleted(id: string, removedBy: string | null) {
      return orm.transaction(async (tx: Executor) => {
        const [row] = await tx
          .update(blogComments)
          .set({ deletedAt: sql`now()`, removedBy })
          .where(and(eq(blogComments.id, id), sql`${blogComments.deletedAt} is null`))
          .returning({ postId: blogComments.postId });
        if (!row) return false;
        await tx
          .update(blogPosts)
          .set({ comments: sql`greatest(${blogPosts.comments} - 1, 0)` })
          .where(eq(blogPosts.id, row.postId));
        return true;
      });
    },
  };
}
export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
