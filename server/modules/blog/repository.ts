import { and, asc, count, desc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { BLOG_PAGE_SIZE } from '../../../contracts/blog.ts';
import type { Executor, Orm } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import {
  blogPostDrafts,
  blogPostLikes,
  blogPostRevisions,
  blogPosts,
  blogSeries,
  blogSlugRedirects,
  follows,
  profiles,
} from '../../db/schema.ts';
import { tsQuery } from '../../db/text-search.ts';
import { blockedBetween, notBlockedBetween, postReadableBy, type Reader } from '../../db/visibility.ts';
import type { ExecuteSql } from '../../lib/jobs/queue.ts';
import { excerptSourceLength } from '../cards/index.ts';

export type PostRow = typeof blogPosts.$inferSelect;
export type DraftRow = typeof blogPostDrafts.$inferSelect;
export type RevisionRow = typeof blogPostRevisions.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type RevisionReason = 'autosave' | 'published' | 'scheduled' | 'restored' | 'agent';

/** The text of a post as the working copy, a revision and (with the series by id) the live columns hold it. */
export type ContentRow = Pick<
  DraftRow,
  'slug' | 'title' | 'body' | 'excerpt' | 'seoDescription' | 'coverURL' | 'coverAlt' | 'tags' | 'seriesTitle'
>;

/** A post with its working copy and the title of its live series. */
export type PostWithDraft = { post: PostRow; draft: DraftRow; seriesTitle: string | null };

/** Filters of the reading list, already checked. */
export type ListFilters = {
  q?: string | undefined;
  tag?: string | undefined;
  authorHandle?: string | undefined;
  seriesSlug?: string | undefined;
  featured?: boolean | undefined;
};

/** What a publish can end in, besides the published row. */
export type PublishOutcome = PostRow | 'stale' | 'slug-taken';

const contentColumns = (content: ContentRow) => ({
  slug: content.slug,
  title: content.title,
  body: content.body,
  excerpt: content.excerpt,
  seoDescription: content.seoDescription,
  coverURL: content.coverURL,
  coverAlt: content.coverAlt,
  tags: content.tags,
  seriesTitle: content.seriesTitle,
});

/** A list row: the live post with at most `excerptSourceLength` of its body, its author and its series. */
const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  bodyHead: sql<string>`left(${blogPosts.body}, ${excerptSourceLength})`,
  coverURL: blogPosts.coverURL,
  coverAlt: blogPosts.coverAlt,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  readingMinutes: blogPosts.readingMinutes,
  featured: blogPosts.featured,
  likes: blogPosts.likes,
  comments: blogPosts.comments,
  seriesSlug: blogSeries.slug,
  seriesTitle: blogSeries.title,
};

/** A row of the reading list. */
export type SummaryRow = Pick<
  PostRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'coverURL'
  | 'coverAlt'
  | 'tags'
  | 'publishedAt'
  | 'readingMinutes'
  | 'featured'
  | 'likes'
  | 'comments'
> & { bodyHead: string; seriesSlug: string | null; seriesTitle: string | null; author: ProfileRow };

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const pgError = current as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === constraint) return true;
  }
  return false;
}

/** Locks the post's row and keeps a revision of `content` numbered after the last one; answers its number. */
async function keepRevision(
  tx: Executor,
  postId: string,
  reason: RevisionReason,
  content: ContentRow,
  at: Date = new Date(),
): Promise<number> {
  // The lock orders revisions of one post: two writers would otherwise read the same last number.
  await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, postId)).for('update');
  const [last] = await tx
    .select({ number: sql<number>`coalesce(max(${blogPostRevisions.number}), 0)::int` })
    .from(blogPostRevisions)
    .where(eq(blogPostRevisions.postId, postId));
  const number = (last?.number ?? 0) + 1;
  await tx
    .insert(blogPostRevisions)
    .values({ postId, number, reason, ...contentColumns(content), createdAt: at });
  return number;
}

/** Whether another post has `slug` as its address or as one of its earlier addresses. */
async function slugTakenOn(tx: Executor, slug: string, postId: string): Promise<boolean> {
  const result = await tx.execute<{ taken: boolean }>(
    sql`select exists (select 1 from ${blogPosts} where ${blogPosts.slug} = ${slug} and ${blogPosts.id} <> ${postId})
        or exists (select 1 from ${blogSlugRedirects} where ${blogSlugRedirects.slug} = ${slug} and ${blogSlugRedirects.postId} <> ${postId}) as taken`,
  );
  return result.rows[0]?.taken ?? false;
}

/**
 * The author's series called `title` (any case), made when there is none; its slug is the title's, with
 * `-2`, `-3`, … when another series has it.
 */
async function seriesFor(tx: Executor, authorKey: string, title: string, slugOf: (title: string) => string) {
  const [found] = await tx
    .select()
    .from(blogSeries)
    .where(and(eq(blogSeries.authorKey, authorKey), sql`lower(${blogSeries.title}) = lower(${title})`));
  if (found) return found;
  const base = slugOf(title) || 'series';
  const taken = new Set(
    (
      await tx
        .select({ slug: blogSeries.slug })
        .from(blogSeries)
        .where(sql`${blogSeries.slug} = ${base} or ${blogSeries.slug} like ${`${base}-%`}`)
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const [made] = await tx.insert(blogSeries).values({ authorKey, title, slug }).returning();
  return made!;
}

/** The blog's posts: working copies, revisions, the live columns, redirects, likes and the reading queries. */
export function createBlogRepository(orm: Orm) {
  const pool = orm.$client;

  /** Runs `work` in a transaction on one client of the pool, so a job can be sent in the same transaction. */
  async function onClient<T>(work: (tx: Orm, executeSql: ExecuteSql) => Promise<T>): Promise<T> {
    const client: pg.PoolClient = await pool.connect();
    try {
      await client.query('begin');
      const on = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Orm;
      const result = await work(on, async (text, values) => client.query(text, values));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  const readable = (reader: Reader) => postReadableBy(reader);

  // A post's page is the blog's busiest read: its statement is built and planned once per connection, one for
  // visitors and one for signed-in readers (whose blocks it checks).
  const prepareBySlug = (signedIn: boolean) => {
    const slug = sql.placeholder('slug');
    return orm
      .select({
        post: blogPosts,
        author: profiles,
        seriesSlug: blogSeries.slug,
        seriesTitle: blogSeries.title,
      })
      .from(blogPosts)
      .innerJoin(profiles, eq(profiles.key, blogPosts.authorKey))
      .leftJoin(blogSeries, eq(blogSeries.id, blogPosts.seriesId))
      .where(
        and(
          readable(signedIn ? sql.placeholder('reader') : undefined),
          sql`(${blogPosts.slug} = ${slug} or ${blogPosts.id} = (select ${blogSlugRedirects.postId} from ${blogSlugRedirects} where ${blogSlugRedirects.slug} = ${slug}))`,
        ),
      )
      .orderBy(sql`${blogPosts.slug} = ${slug} desc`)
      .limit(1)
      .prepare(`blog_post_by_slug_${signedIn ? 'reader' : 'visitor'}`);
  };
  const bySlugStatements = new Map<boolean, ReturnType<typeof prepareBySlug>>();
  const bySlugStatement = (signedIn: boolean) => {
    let statement = bySlugStatements.get(signedIn);
    if (!statement) bySlugStatements.set(signedIn, (statement = prepareBySlug(signedIn)));
    return statement;
  };

  function listConditions(reader: Reader, filters: ListFilters): SQL {
    const conditions: (SQL | undefined)[] = [readable(reader)];
    if (filters.q) conditions.push(sql`${blogPosts.searchVector} @@ ${tsQuery(filters.q)}`);
    if (filters.tag) conditions.push(sql`${blogPosts.tags} @> array[${filters.tag}]::text[]`);
    if (filters.authorHandle)
      conditions.push(
        sql`${blogPosts.authorKey} = (select ${profiles.key} from ${profiles} where lower(${profiles.handle}) = lower(${filters.authorHandle}))`,
      );
    if (filters.seriesSlug)
      conditions.push(
        sql`${blogPosts.seriesId} = (select ${blogSeries.id} from ${blogSeries} where ${blogSeries.slug} = ${filters.seriesSlug})`,
      );
    if (filters.featured !== undefined) conditions.push(eq(blogPosts.featured, filters.featured));
    return and(...conditions)!;
  }

  return {
    /** A new post with its working copy (revision 1); with `reason`, that text is kept as revision 1 too. */
    async create(
      id: string,
      authorKey: string,
      content: ContentRow,
      reason?: RevisionReason,
    ): Promise<PostWithDraft> {
      return orm.transaction(async (tx) => {
        const [post] = await tx.insert(blogPosts).values({ id, authorKey }).returning();
        const [draft] = await tx
          .insert(blogPostDrafts)
          .values({ postId: post!.id, ...contentColumns(content) })
          .returning();
        if (reason) await keepRevision(tx, post!.id, reason, content);
        return { post: post!, draft: draft!, seriesTitle: null };
      });
    },

    /** A post, its working copy and its live series' title. */
    async find(id: string): Promise<PostWithDraft | undefined> {
      const [row] = await orm
        .select({ post: blogPosts, draft: blogPostDrafts, seriesTitle: blogSeries.title })
        .from(blogPosts)
        .innerJoin(blogPostDrafts, eq(blogPostDrafts.postId, blogPosts.id))
        .leftJoin(blogSeries, eq(blogSeries.id, blogPosts.seriesId))
        .where(eq(blogPosts.id, id));
      return row;
    },

    /**
     * Writes the working copy over `baseRevision` (undefined when it moved on: nothing changes). Keeps an
     * `autosave` revision when the post has none made after `revisionBefore`.
     */
    async saveDraft(
      id: string,
      baseRevision: number,
      content: ContentRow,
      revisionBefore: Date,
    ): Promise<DraftRow | undefined> {
      return orm.transaction(async (tx) => {
        const [saved] = await tx
          .update(blogPostDrafts)
          .set({
            ...contentColumns(content),
            revision: sql`${blogPostDrafts.revision} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(blogPostDrafts.postId, id), eq(blogPostDrafts.revision, baseRevision)))
          .returning();
        if (!saved) return undefined;
        const [last] = await tx
          .select({
            at: sql<Date | null>`max(${blogPostRevisions.createdAt})`.mapWith(blogPostRevisions.createdAt),
          })
          .from(blogPostRevisions)
          .where(eq(blogPostRevisions.postId, id));
        if (!last?.at || last.at < revisionBefore) await keepRevision(tx, id, 'autosave', content);
        return saved;
      });
    },

    /** Whether another post has `slug` as its address or an earlier one. */
    slugTaken(slug: string, postId: string): Promise<boolean> {
      return slugTakenOn(orm, slug, postId);
    },

    /**
     * Copies `content` into the live columns and publishes the post, in one transaction: the series found or
     * made, an old slug kept as a redirect (and a redirect of the new one taken back), a `published`
     * revision. With `expectScheduledFor`, only if the post is still scheduled for that instant ('stale'
     * otherwise: it was rescheduled, published or unpublished since).
     */
    async publish(
      postId: string,
      content: ContentRow,
      options: {
        now: Date;
        readingMinutes: number;
        slugOf: (title: string) => string;
        expectScheduledFor?: Date;
      },
    ): Promise<PublishOutcome> {
      try {
        return await orm.transaction(async (tx) => {
          const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId)).for('update');
          if (!post) return 'stale';
          if (
            options.expectScheduledFor &&
            post.scheduledFor?.getTime() !== options.expectScheduledFor.getTime()
          )
            return 'stale';
          if (await slugTakenOn(tx, content.slug, postId)) return 'slug-taken';
          const seriesTitle = content.seriesTitle?.trim();
          let seriesId: string | null = null;
          let seriesPosition: number | null = null;
          if (seriesTitle) {
            const series = await seriesFor(tx, post.authorKey, seriesTitle, options.slugOf);
            seriesId = series.id;
            if (post.seriesId === series.id && post.seriesPosition !== null)
              seriesPosition = post.seriesPosition;
            else {
              const [last] = await tx
                .select({ position: sql<number>`coalesce(max(${blogPosts.seriesPosition}), 0)::int` })
                .from(blogPosts)
                .where(and(eq(blogPosts.seriesId, series.id), ne(blogPosts.id, postId)));
              seriesPosition = (last?.position ?? 0) + 1;
            }
          }
          if (post.slug !== null && post.slug !== content.slug)
            await tx
              .insert(blogSlugRedirects)
              .values({ slug: post.slug, postId })
              .onConflictDoUpdate({
                target: blogSlugRedirects.slug,
                set: { postId, createdAt: options.now },
              });
          await tx
            .delete(blogSlugRedirects)
            .where(and(eq(blogSlugRedirects.slug, content.slug), eq(blogSlugRedirects.postId, postId)));
          const [published] = await tx
            .update(blogPosts)
            .set({
              slug: content.slug,
              title: content.title,
              body: content.body,
              excerpt: content.excerpt,
              seoDescription: content.seoDescription,
              coverURL: content.coverURL,
              coverAlt: content.coverAlt,
              tags: content.tags,
              seriesId,
              seriesPosition,
              readingMinutes: options.readingMinutes,
              status: 'published',
              scheduledFor: null,
              publishedAt: post.publishedAt ?? options.now,
              liveUpdatedAt: options.now,
            })
            .where(eq(blogPosts.id, postId))
            .returning();
          await keepRevision(tx, postId, 'published', content, options.now);
          return published!;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'blog_posts_slug_unique')) return 'slug-taken';
        throw error;
      }
    },

    /**
     * Schedules the post for `at` and keeps a `scheduled` revision of `content`; `enqueue` sends the job that
     * publishes it in the same transaction, so the job exists exactly when the schedule does. A published
     * post stays readable as it is until then.
     */
    async schedule(
      postId: string,
      at: Date,
      content: ContentRow,
      enqueue: (revision: number, executeSql: ExecuteSql) => Promise<unknown>,
    ): Promise<PostRow> {
      return onClient(async (tx, executeSql) => {
        const revision = await keepRevision(tx, postId, 'scheduled', content);
        const [post] = await tx
          .update(blogPosts)
          .set({
            scheduledFor: at,
            status: sql`case when ${blogPosts.status} = 'published' then 'published' else 'scheduled' end`,
          })
          .where(eq(blogPosts.id, postId))
          .returning();
        await enqueue(revision, executeSql);
        return post!;
      });
    },

    /**
     * Drops the schedule for `at` (a scheduled publish that could not happen): a never-published post goes
     * back to a draft, a published one stays as readers know it.
     */
    async dropSchedule(postId: string, at: Date): Promise<void> {
      await orm
        .update(blogPosts)
        .set({
          scheduledFor: null,
          status: sql`case when ${blogPosts.status} = 'published' then 'published' else 'draft' end`,
        })
        .where(and(eq(blogPosts.id, postId), eq(blogPosts.scheduledFor, at)));
    },

    /** Back to a draft: readers no longer see it, a pending schedule is dropped; the slug stays reserved. */
    async unpublish(postId: string): Promise<PostRow | undefined> {
      const [post] = await orm
        .update(blogPosts)
        .set({ status: 'draft', scheduledFor: null })
        .where(eq(blogPosts.id, postId))
        .returning();
      return post;
    },

    async remove(postId: string): Promise<void> {
      await orm.delete(blogPosts).where(eq(blogPosts.id, postId));
    },

    async setFeatured(postId: string, featured: boolean): Promise<PostRow | undefined> {
      const [post] = await orm
        .update(blogPosts)
        .set({ featured })
        .where(eq(blogPosts.id, postId))
        .returning();
      return post;
    },

    /** A post's revisions, newest first (without their bodies). */
    async revisions(postId: string) {
      return orm
        .select({
          number: blogPostRevisions.number,
          reason: blogPostRevisions.reason,
          title: blogPostRevisions.title,
          createdAt: blogPostRevisions.createdAt,
        })
        .from(blogPostRevisions)
        .where(eq(blogPostRevisions.postId, postId))
        .orderBy(desc(blogPostRevisions.number));
    },

    async revision(postId: string, number: number): Promise<RevisionRow | undefined> {
      const [row] = await orm
        .select()
        .from(blogPostRevisions)
        .where(and(eq(blogPostRevisions.postId, postId), eq(blogPostRevisions.number, number)));
      return row;
    },

    /** The author's posts of every status, last edited first. */
    async mine(authorKey: string): Promise<PostWithDraft[]> {
      return orm
        .select({ post: blogPosts, draft: blogPostDrafts, seriesTitle: blogSeries.title })
        .from(blogPosts)
        .innerJoin(blogPostDrafts, eq(blogPostDrafts.postId, blogPosts.id))
        .leftJoin(blogSeries, eq(blogSeries.id, blogPosts.seriesId))
        .where(eq(blogPosts.authorKey, authorKey))
        .orderBy(desc(blogPostDrafts.updatedAt), desc(blogPosts.id));
    },

    /** A page of the posts the reader may read, newest first; by relevance when there are words to find. */
    async list(reader: Reader, filters: ListFilters, page: number) {
      const where = listConditions(reader, filters);
      const order = filters.q
        ? [
            sql`ts_rank_cd(${blogPosts.searchVector}, ${tsQuery(filters.q)}) desc`,
            desc(blogPosts.publishedAt),
            desc(blogPosts.id),
          ]
        : [desc(blogPosts.publishedAt), desc(blogPosts.id)];
      const [rows, [total]] = await Promise.all([
        orm
          .select({ ...summaryColumns, author: profiles })
          .from(blogPosts)
          .innerJoin(profiles, eq(profiles.key, blogPosts.authorKey))
          .leftJoin(blogSeries, eq(blogSeries.id, blogPosts.seriesId))
          .where(where)
          .orderBy(...order)
          .limit(BLOG_PAGE_SIZE)
          .offset((page - 1) * BLOG_PAGE_SIZE),
        orm.select({ total: count() }).from(blogPosts).where(where),
      ]);
      return { rows: rows as SummaryRow[], total: total?.total ?? 0 };
    },

    /** What the reading list can be filtered by, most used first, over the posts the reader may read. */
    async facets(reader: Reader, limit: number) {
      const where = readable(reader);
      const [tags, authors, series] = await Promise.all([
        orm.execute<{ tag: string; posts: number }>(
          sql`select tag, count(*)::int as posts from ${blogPosts}, unnest(${blogPosts.tags}) as tag
              where ${where} group by tag order by posts desc, tag asc limit ${limit}`,
        ),
        orm
          .select({ author: profiles, posts: sql<number>`count(*)::int` })
          .from(blogPosts)
          .innerJoin(profiles, eq(profiles.key, blogPosts.authorKey))
          .where(where)
          .groupBy(profiles.key)
          .orderBy(sql`count(*) desc`, asc(profiles.handle))
          .limit(limit),
        orm
          .select({ slug: blogSeries.slug, title: blogSeries.title, posts: sql<number>`count(*)::int` })
          .from(blogPosts)
          .innerJoin(blogSeries, eq(blogSeries.id, blogPosts.seriesId))
          .where(where)
          .groupBy(blogSeries.id)
          .orderBy(sql`count(*) desc`, asc(blogSeries.title))
          .limit(limit),
      ]);
      return { tags: tags.rows, authors, series };
    },

    /** The post the reader may read at `slug`, its current one or an earlier one. */
    async bySlug(reader: string | undefined, slug: string) {
      const rows =
        reader === undefined
          ? await bySlugStatement(false).execute({ slug })
          : await bySlugStatement(true).execute({ slug, reader });
      return rows[0];
    },

    /** The published posts of a series in order (one author's, so no block can part them). */
    async seriesPosts(seriesId: string) {
      return orm
        .select({ slug: blogPosts.slug, title: blogPosts.title, position: blogPosts.seriesPosition })
        .from(blogPosts)
        .where(
          and(eq(blogPosts.seriesId, seriesId), eq(blogPosts.status, 'published'), isNotNull(blogPosts.slug)),
        )
        .orderBy(asc(blogPosts.seriesPosition), asc(blogPosts.publishedAt));
    },

    /** Whether the reader likes the post and follows its author. */
    async readerState(readerKey: string, postId: string, authorKey: string) {
      const result = await orm.execute<{ liked: boolean; follows: boolean }>(
        sql`select exists (select 1 from ${blogPostLikes} where ${blogPostLikes.postId} = ${postId} and ${blogPostLikes.profileKey} = ${readerKey}) as liked,
                   exists (select 1 from ${follows} where ${follows.followerKey} = ${readerKey} and ${follows.followeeKey} = ${authorKey}) as follows`,
      );
      return result.rows[0] ?? { liked: false, follows: false };
    },

    /** An author's profile by handle, unless a block parts them from the reader, and their published posts. */
    async author(reader: Reader, handle: string) {
      const [row] = await orm
        .select({
          profile: profiles,
          posts: sql<number>`(select count(*)::int from ${blogPosts} where ${blogPosts.authorKey} = ${profiles.key} and ${blogPosts.status} = 'published')`,
        })
        .from(profiles)
        .where(
          and(sql`lower(${profiles.handle}) = lower(${handle})`, notBlockedBetween(reader, profiles.key)),
        );
      return row;
    },

    /** Whether `readerKey` follows `authorKey`. */
    async follows(readerKey: string, authorKey: string): Promise<boolean> {
      const [row] = await orm
        .select({ one: sql<number>`1` })
        .from(follows)
        .where(and(eq(follows.followerKey, readerKey), eq(follows.followeeKey, authorKey)));
      return row !== undefined;
    },

    /** A published post the reader may read, for likes. */
    async readablePost(reader: string, postId: string): Promise<PostRow | undefined> {
      const [row] = await orm
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.id, postId), readable(reader)));
      return row;
    },

    /**
     * Likes or unlikes the post as `profileKey`; the post's count changes in the same transaction, only when
     * a like row was added or removed, so repeating either does nothing.
     */
    async setLike(postId: string, profileKey: string, like: boolean) {
      return orm.transaction(async (tx) => {
        const changed = like
          ? await tx.insert(blogPostLikes).values({ postId, profileKey }).onConflictDoNothing().returning()
          : await tx
              .delete(blogPostLikes)
              .where(and(eq(blogPostLikes.postId, postId), eq(blogPostLikes.profileKey, profileKey)))
              .returning();
        const [post] = await tx
          .update(blogPosts)
          .set({ likes: sql`${blogPosts.likes} + ${changed.length > 0 ? (like ? 1 : -1) : 0}` })
          .where(eq(blogPosts.id, postId))
          .returning({ likes: blogPosts.likes });
        return { liked: like, likes: post?.likes ?? 0 };
      });
    },

    /** Whether either of the two blocks the other. */
    async blocked(a: string, b: string): Promise<boolean> {
      const result = await orm.execute<{ blocked: boolean }>(sql`select ${blockedBetween(a, b)} as blocked`);
      return result.rows[0]?.blocked ?? false;
    },
  };
}

export type BlogRepository = ReturnType<typeof createBlogRepository>;
