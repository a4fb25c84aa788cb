import { and, arrayContains, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { blogPosts, blogSlugRedirects, cards, profiles } from '../../../db/schema.ts';
import { listedCard, publishedPost } from '../../../db/visibility.ts';

const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  body: blogPosts.body,
  excerpt: blogPosts.excerpt,
  seoDescription: blogPosts.seoDescription,
  coverURL: blogPosts.coverURL,
  coverAlt: blogPosts.coverAlt,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  liveUpdatedAt: blogPosts.liveUpdatedAt,
  author: { key: profiles.key, handle: profiles.handle, displayName: profiles.displayName },
};

/** Enough of a body for a 200-character description of its text (Markdown marks and all). */
const HEAD_BODY_CHARS = 2_000;

/** What the public pages of the blog read: posts by address, feeds and the sitemap. Published posts only. */
export function createPagesRepository(orm: Orm) {
  // Every post page asks for this: built and planned once per connection.
  const preparePostBySlug = () =>
    orm
      .select({ ...postColumns, body: sql<string>`left(${blogPosts.body}, ${HEAD_BODY_CHARS})` })
      .from(blogPosts)
      .innerJoin(profiles, eq(profiles.key, blogPosts.authorKey))
      .where(and(eq(blogPosts.slug, sql.placeholder('slug')), publishedPost()))
      .prepare('blog_page_post_by_slug');
  let postBySlugStatement: ReturnType<typeof preparePostBySlug> | undefined;
  return {
    /**
     * The published post at `slug` with its author, or undefined. Its head needs at most the body's start (a
     * description when the post has none), so only that is read.
     */
    async postBySlug(slug: string) {
      postBySlugStatement ??= preparePostBySlug();
      const [row] = await postBySlugStatement.execute({ slug });
      return row;
    },

    /** The current slug of the published post that `slug` was an earlier address of, or undefined. */
    async redirectOf(slug: string) {
      const [row] = await orm
        .select({ slug: blogPosts.slug })
        .from(blogSlugRedirects)
        .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
        .where(and(eq(blogSlugRedirects.slug, slug), publishedPost(), isNotNull(blogPosts.slug)));
      return row?.slug ?? undefined;
    },

    /** The newest `limit` published posts, of one tag or one author when given. */
    async newestPosts(filter: { tag?: string; authorKey?: string }, limit: number) {
      return orm
        .select(postColumns)
        .from(blogPosts)
        .innerJoin(profiles, eq(profiles.key, blogPosts.authorKey))
        .where(
          and(
            publishedPost(),
            filter.tag !== undefined ? arrayContains(blogPosts.tags, [filter.tag]) : undefined,
            filter.authorKey !== undefined ? eq(blogPosts.authorKey, filter.authorKey) : undefined,
          ),
        )
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(limit);
    },

    /** The profile with `handle` (case as stored), or undefined. */
    async profileByHandle(handle: string) {
      const [row] = await orm
        .select({ key: profiles.key, handle: profiles.handle, displayName: profiles.displayName })
        .from(profiles)
        .where(sql`lower(${profiles.handle}) = lower(${handle})`);
      return row;
    },

    /** Every published post's address and last change, newest first (the sitemap). */
    async sitemapPosts(limit: number) {
      return orm
        .select({
          slug: blogPosts.slug,
          liveUpdatedAt: blogPosts.liveUpdatedAt,
          publishedAt: blogPosts.publishedAt,
        })
        .from(blogPosts)
        .where(and(publishedPost(), isNotNull(blogPosts.slug)))
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(limit);
    },

    /** The authors of published posts with the time of their latest change (the sitemap). */
    async sitemapAuthors(limit: number) {
      const latest = sql`max(coalesce(${blogPosts.liveUpdatedAt}, ${blogPosts.publishedAt}))`;
      return orm
        .select({
          handle: profiles.handle,
          // A W3C date-time in UTC, as the sitemap writes it.
          updatedAt: sql<string>`to_char(${latest} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
        })
        .from(blogPosts)
        .innerJoin(profiles, eq(profiles.key, blogPosts.authorKey))
        .where(publishedPost())
        .groupBy(profiles.handle)
        .orderBy(desc(latest))
        .limit(limit);
    },

    /** Listed cards (published, public), newest first (the sitemap). */
    async sitemapCards(limit: number) {
      if (limit <= 0) return [];
      return orm
        .select({ id: cards.id, updatedAt: cards.updatedAt })
        .from(cards)
        .where(listedCard())
        .orderBy(desc(cards.publishedAt), desc(cards.id))
        .limit(limit);
    },
  };
}
export type PagesRepository = ReturnType<typeof createPagesRepository>;
export type PagePost = NonNullable<Awaited<ReturnType<PagesRepository['postBySlug']>>>;
