import { blogComments, blogPosts, blogSeries, blogSlugRedirects } from '../db/schema.ts';
import type { TestContext } from './app.ts';

/** What a test post may set; everything else gets a default (a published post, published now). */
export type PostSpec = {
  slug?: string | null;
  title?: string;
  body?: string;
  excerpt?: string;
  seoDescription?: string;
  coverURL?: string | null;
  coverAlt?: string;
  tags?: string[];
  status?: 'draft' | 'scheduled' | 'published';
  publishedAt?: Date | null;
  liveUpdatedAt?: Date | null;
  scheduledFor?: Date | null;
  readingMinutes?: number;
  featured?: boolean;
  likes?: number;
  comments?: number;
  seriesId?: string | null;
  seriesPosition?: number | null;
  /** Earlier addresses of the post, answered with a 301 to its slug. */
  oldSlugs?: string[];
};

let counter = 0;

/**
 * Blog factory for server tests. It writes rows straight through Drizzle (not through the publishing API), so
 * tests of the read side (comments, feeds, pages) can set up any state: drafts, scheduled posts, old slugs.
 */
export function blogFactory(context: TestContext) {
  const orm = () => context.db.orm;

  /** A post by `authorKey`, published now unless the spec says otherwise. */
  async function post(authorKey: string, spec: PostSpec = {}) {
    counter++;
    const status = spec.status ?? 'published';
    const published = status === 'published';
    const publishedAt = spec.publishedAt !== undefined ? spec.publishedAt : published ? new Date() : null;
    const [row] = await orm()
      .insert(blogPosts)
      .values({
        authorKey,
        slug: spec.slug !== undefined ? spec.slug : `post-${Date.now().toString(36)}-${counter}`,
        title: spec.title ?? `Post ${counter}`,
        body: spec.body ?? 'Some words.',
        excerpt: spec.excerpt ?? '',
        seoDescription: spec.seoDescription ?? '',
        coverURL: spec.coverURL ?? null,
        coverAlt: spec.coverAlt ?? '',
        tags: spec.tags ?? [],
        status,
        publishedAt,
        liveUpdatedAt: spec.liveUpdatedAt !== undefined ? spec.liveUpdatedAt : publishedAt,
        scheduledFor: spec.scheduledFor ?? null,
        readingMinutes: spec.readingMinutes ?? 1,
        featured: spec.featured ?? false,
        likes: spec.likes ?? 0,
        comments: spec.comments ?? 0,
        seriesId: spec.seriesId ?? null,
        seriesPosition: spec.seriesPosition ?? null,
      })
      .returning();
    for (const slug of spec.oldSlugs ?? []) {
      await orm().insert(blogSlugRedirects).values({ slug, postId: row!.id });
    }
    return row!;
  }

  /** A series by `authorKey`. */
  async function series(authorKey: string, title: string, slug = `series-${++counter}`) {
    const [row] = await orm().insert(blogSeries).values({ authorKey, title, slug }).returning();
    return row!;
  }

  /**
   * A comment row as it is stored; it does not count itself in `blog_posts.comments` (tests of the counter go
   * through the API).
   */
  async function comment(
    postId: string,
    authorKey: string,
    spec: {
      body?: string;
      parentId?: string | null;
      deletedAt?: Date | null;
      removedBy?: string | null;
    } = {},
  ) {
    const [row] = await orm()
      .insert(blogComments)
      .values({
        postId,
        authorKey,
        body: spec.body ?? `Comment ${++counter}`,
        parentId: spec.parentId ?? null,
        deletedAt: spec.deletedAt ?? null,
        removedBy: spec.removedBy ?? null,
      })
      .returning();
    return row!;
  }

  return { post, series, comment };
}
