import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  BLOG_PAGE_SIZE,
  blogLimits,
  blogSlugSchema,
  type BlogAuthor,
  type BlogFacets,
  type EditablePost,
  type MyPost,
  type NewPostInput,
  type Post,
  type PostContent,
  type PostList,
  type postListQuerySchema,
  type PostRevision,
  type PublishPostInput,
  type SavedPost,
  type SavePostInput,
} from '../../../contracts/blog.ts';
import { readingMinutes, slugify } from '../../../contracts/blog-text.ts';
import { normalizeTag, normalizeTags } from '../../../contracts/card-text.ts';
import { mayReadPost } from '../../db/visibility.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ExecuteSql } from '../../lib/jobs/queue.ts';
import { profileSummaryOf } from '../profiles/index.ts';
import { contentOf, editableOf, listExcerpt, myPostOf, summaryOf } from './present.ts';
import type { BlogRepository, ContentRow, PostWithDraft, RevisionReason } from './repository.ts';

type FieldProblem = { path: string; message: string };

/** While an author keeps writing, an `autosave` revision is kept when the last revision is older than this. */
export const AUTOSAVE_REVISION_INTERVAL_MS = 10 * 60_000;

/** Entries of each kind `/blog` offers to filter by. */
export const FACET_LIMIT = 30;

/** Who is asking: a signed-in person, and whether they are an administrator. */
export type Viewer = { key: string; admin: boolean };

/** What the scheduled-publish job carries: the post, the instant it was scheduled for, the text to publish. */
export type ScheduledPublishJob = { postId: string; at: string; revision: number };

/** How the service sends the job that publishes a scheduled post (in the caller's transaction). */
export type SchedulePublish = (job: ScheduledPublishJob, executeSql: ExecuteSql) => Promise<unknown>;

const notFound = () => new AppError('common/not-found', { message: 'There is no such post.' });

/** The problems that keep a working copy from being published, each named by its field. */
export function publishProblems(content: PostContent): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const title = content.title.trim();
  if (!title) problems.push({ path: 'title', message: 'Give the post a title' });
  else if (title.length > blogLimits.title.max)
    problems.push({ path: 'title', message: `At most ${blogLimits.title.max} characters` });
  const slug = blogSlugSchema.safeParse(content.slug);
  if (!slug.success)
    for (const issue of slug.error.issues) problems.push({ path: 'slug', message: issue.message });
  const tags = normalizeTags(content.tags);
  if (!tags.ok) problems.push(tagProblem(tags));
  else if (tags.tags.length > blogLimits.tags.max)
    problems.push({ path: 'tags', message: `At most ${blogLimits.tags.max} tags` });
  if (!content.body.trim()) problems.push({ path: 'body', message: 'Write the post' });
  return problems;
}

function tagProblem(tags: Exclude<ReturnType<typeof normalizeTags>, { ok: true }>): FieldProblem {
  return {
    path: 'tags',
    message:
      tags.error === 'too-many-tags'
        ? `At most ${tags.max} tags`
        : `“${tags.tag}” is not a usable tag: use letters, digits, - and / for nesting`,
  };
}

/** The working copy's columns from an editable text (tags as given: callers normalise first). */
function rowOf(content: PostContent): ContentRow {
  return {
    slug: content.slug,
    title: content.title,
    body: content.body,
    excerpt: content.excerpt,
    seoDescription: content.seoDescription,
    coverURL: content.coverURL,
    coverAlt: content.coverAlt,
    tags: content.tags,
    seriesTitle: content.seriesTitle?.trim() || null,
  };
}

/** The blog's posts: writing (drafts, autosave, revisions, publishing and scheduling) and reading. */
export function createBlogService(deps: {
  repository: BlogRepository;
  schedulePublish: SchedulePublish;
  now?: () => Date;
  log?: { warn: (object: object, message: string) => void };
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** The post, for its author; 404 when missing, `blog/not-author` when someone else may see it exists. */
  async function owned(id: string, authorKey: string): Promise<PostWithDraft> {
    const found = await repository.find(id);
    if (!found) throw notFound();
    if (found.post.authorKey !== authorKey) {
      // A post readers cannot see is nobody else's business: it does not exist for them.
      if (!mayReadPost(found.post)) throw notFound();
      throw new AppError('blog/not-author');
    }
    return found;
  }

  /** The post, for its author or an administrator. */
  async function moderated(id: string, viewer: Viewer): Promise<PostWithDraft> {
    if (!viewer.admin) return owned(id, viewer.key);
    const found = await repository.find(id);
    if (!found) throw notFound();
    return found;
  }

  /** A slug for a new post: the title's, or `untitled-…`; with the post's short id when taken or too short. */
  async function startingSlug(title: string, postId: string): Promise<string> {
    const short = postId.slice(0, 8);
    const base = slugify(title);
    if (!base) return `untitled-${short}`;
    if (!blogSlugSchema.safeParse(base).success || (await repository.slugTaken(base, postId)))
      return `${base.slice(0, blogLimits.slug.max - short.length - 1).replace(/-+$/, '')}-${short}`;
    return base;
  }

  function normalisedTags(tags: string[]): string[] {
    const normalised = normalizeTags(tags);
    if (!normalised.ok)
      throw new AppError('common/validation-failed', { details: { fields: [tagProblem(normalised)] } });
    return normalised.tags;
  }

  /** Publishes `content` now (or at `scheduledFor`, for the job); answers the post or throws why not. */
  async function goLive(postId: string, content: ContentRow, at: Date, expectScheduledFor?: Date) {
    return repository.publish(postId, content, {
      now: at,
      readingMinutes: readingMinutes(content.body),
      slugOf: slugify,
      ...(expectScheduledFor ? { expectScheduledFor } : {}),
    });
  }

  return {
    /**
     * A new draft by `authorKey`, empty or with a starting text; the slug is the title's unless given. With
     * `reason` (the blog builder's `agent`), the starting text is kept as the first revision.
     */
    async create(authorKey: string, input: NewPostInput, reason?: RevisionReason): Promise<EditablePost> {
      const tags = normalisedTags(input.tags ?? []);
      const content: ContentRow = rowOf({
        title: input.title ?? '',
        body: input.body ?? '',
        excerpt: input.excerpt ?? '',
        seoDescription: input.seoDescription ?? '',
        coverURL: input.coverURL ?? null,
        coverAlt: input.coverAlt ?? '',
        tags,
        seriesTitle: input.seriesTitle ?? null,
        slug: input.slug ?? '',
      });
      // The slug names the post's id when the title gives none, so the id is chosen here.
      const id = randomUUID();
      if (!input.slug) content.slug = await startingSlug(content.title, id);
      return editableOf(await repository.create(id, authorKey, content, reason));
    },

    /** The post as its author's editor opens it. */
    async editable(id: string, authorKey: string): Promise<EditablePost> {
      return editableOf(await owned(id, authorKey));
    },

    /**
     * The editor's autosave over `baseRevision`: tags normalised; a save from an older revision is refused
     * with `blog/draft-conflict` and changes nothing. Keeps an `autosave` revision every
     * `AUTOSAVE_REVISION_INTERVAL_MS` of writing.
     */
    async saveDraft(id: string, authorKey: string, input: SavePostInput): Promise<SavedPost> {
      const { draft } = await owned(id, authorKey);
      const tags = normalisedTags(input.tags);
      const conflict = () =>
        new AppError('blog/draft-conflict', {
          details: {
            fields: [{ path: 'baseRevision', message: `The post is at revision ${draft.revision}` }],
          },
        });
      if (draft.revision !== input.baseRevision) throw conflict();
      const saved = await repository.saveDraft(
        id,
        input.baseRevision,
        rowOf({ ...input, tags }),
        new Date(now().getTime() - AUTOSAVE_REVISION_INTERVAL_MS),
      );
      if (!saved) throw conflict();
      return { revision: saved.revision, updatedAt: saved.updatedAt.toISOString() };
    },

    /**
     * Publishes the working copy now, or schedules it for `at` (a durable job publishes the text as it was
     * when scheduled). Checks it in full first: `blog/invalid-post` lists every problem, `blog/slug-taken`.
     */
    async publish(id: string, authorKey: string, input: PublishPostInput): Promise<EditablePost> {
      const { draft, post } = await owned(id, authorKey);
      const problems = publishProblems(contentOf(draft));
      if (problems.length > 0) throw new AppError('blog/invalid-post', { details: { fields: problems } });
      const tags = normalisedTags(draft.tags);
      const content: ContentRow = { ...draft, slug: draft.slug.trim(), tags };
      if (await repository.slugTaken(content.slug, id)) throw new AppError('blog/slug-taken');
      if (input.at !== undefined) {
        const at = new Date(input.at);
        if (at.getTime() <= now().getTime()) throw new AppError('blog/schedule-in-past');
        await repository.schedule(post.id, at, content, (revision, executeSql) =>
          deps.schedulePublish({ postId: post.id, at: at.toISOString(), revision }, executeSql),
        );
      } else {
        const outcome = await goLive(id, content, now());
        if (outcome === 'slug-taken') throw new AppError('blog/slug-taken');
        if (outcome === 'stale') throw notFound();
      }
      return editableOf((await repository.find(id))!);
    },

    /**
     * The scheduled-publish job: publishes the revision kept when the post was scheduled, if the post is still
     * scheduled for that instant (a reschedule, an earlier publish or an unpublish make an older job do
     * nothing). Answers what happened.
     */
    async publishScheduled(job: ScheduledPublishJob): Promise<'published' | 'stale' | 'slug-taken'> {
      const at = new Date(job.at);
      const revision = await repository.revision(job.postId, job.revision);
      if (!revision) return 'stale';
      const outcome = await goLive(job.postId, revision, at, at);
      if (outcome === 'slug-taken') {
        // Another post took the address meanwhile: the author finds the post unscheduled, and can choose.
        await repository.dropSchedule(job.postId, at);
        deps.log?.warn({ postId: job.postId, slug: revision.slug }, 'blog: a scheduled post lost its slug');
        return 'slug-taken';
      }
      return outcome === 'stale' ? 'stale' : 'published';
    },

    /** Takes the post off the blog (its author or an administrator); the slug stays reserved. */
    async unpublish(id: string, viewer: Viewer): Promise<MyPost> {
      await moderated(id, viewer);
      await repository.unpublish(id);
      return myPostOf((await repository.find(id))!);
    },

    /** Deletes the post for good (its author or an administrator). */
    async remove(id: string, viewer: Viewer): Promise<void> {
      await moderated(id, viewer);
      await repository.remove(id);
    },

    /** The post's revisions, newest first (its author). */
    async revisions(id: string, authorKey: string) {
      await owned(id, authorKey);
      const rows = await repository.revisions(id);
      return {
        items: rows.map((row) => ({
          number: row.number,
          reason: row.reason as RevisionReason,
          title: row.title,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** One revision's whole text (its author). */
    async revision(id: string, number: number, authorKey: string): Promise<PostRevision> {
      await owned(id, authorKey);
      const row = await repository.revision(id, number);
      if (!row) throw new AppError('common/not-found', { message: 'The post has no such revision.' });
      return {
        ...contentOf(row),
        number: row.number,
        reason: row.reason as RevisionReason,
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** Features or unfeatures a post (administrators; the route checks the role). */
    async setFeatured(id: string, featured: boolean) {
      const post = await repository.setFeatured(id, featured);
      if (!post) throw notFound();
      return { featured: post.featured };
    },

    /** The author's posts of every status, last edited first. */
    async mine(authorKey: string) {
      return { items: (await repository.mine(authorKey)).map(myPostOf) };
    },

    /** A page of the published posts the reader may read. */
    async list(readerKey: string | undefined, query: z.infer<typeof postListQuerySchema>): Promise<PostList> {
      const { page } = query;
      let tag: string | undefined;
      if (query.tag) {
        const normalised = normalizeTag(query.tag);
        // A tag no post can have finds nothing (rather than every post).
        if (normalised === null) return { items: [], page, pageCount: 1, total: 0 };
        tag = normalised;
      }
      const { rows, total } = await repository.list(
        readerKey,
        {
          q: query.q || undefined,
          tag,
          authorHandle: query.author || undefined,
          seriesSlug: query.series || undefined,
          featured: query.featured === undefined ? undefined : query.featured === 'true',
        },
        page,
      );
      return {
        items: rows.map(summaryOf),
        page,
        pageCount: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
        total,
      };
    },

    /** The tags, authors and series of the posts the reader may read, most used first. */
    async facets(readerKey: string | undefined): Promise<BlogFacets> {
      const { tags, authors, series } = await repository.facets(readerKey, FACET_LIMIT);
      return {
        tags,
        authors: authors.map((row) => ({ author: profileSummaryOf(row.author), posts: row.posts })),
        series,
      };
    },

    /** A published post to read by its slug or an earlier one; 404 for drafts, unknown slugs and blocks. */
    async bySlug(viewer: Viewer | undefined, slug: string): Promise<Post> {
      const row = await repository.bySlug(viewer?.key, slug);
      if (!row) throw notFound();
      const { post, author } = row;
      const own = viewer?.key === post.authorKey;
      const [seriesPosts, state] = await Promise.all([
        post.seriesId ? repository.seriesPosts(post.seriesId) : Promise.resolve([]),
        viewer && !own
          ? repository.readerState(viewer.key, post.id, post.authorKey)
          : Promise.resolve({ liked: false, follows: false }),
      ]);
      return {
        ...summaryOf({
          ...post,
          bodyHead: post.body,
          seriesSlug: row.seriesSlug,
          seriesTitle: row.seriesTitle,
          author,
        }),
        excerpt: listExcerpt(post.excerpt, post.body),
        excerptWritten: post.excerpt.trim() !== '',
        body: post.body,
        seoDescription: post.seoDescription,
        updatedAt: (post.liveUpdatedAt ?? post.publishedAt ?? post.createdAt).toISOString(),
        series:
          row.seriesSlug && row.seriesTitle
            ? {
                slug: row.seriesSlug,
                title: row.seriesTitle,
                posts: seriesPosts.map((entry) => ({
                  slug: entry.slug ?? '',
                  title: entry.title,
                  position: entry.position ?? 0,
                })),
              }
            : null,
        // Followers an author hides are nobody else's to count.
        authorFollowers: author.hideFollowCounts && !own ? 0 : author.followers,
        likedByViewer: state.liked,
        followsAuthor: state.follows,
        canEdit: own,
        canModerate: viewer?.admin ?? false,
      };
    },

    /** An author's page header; 404 for an unknown handle or someone a block parts from the reader. */
    async author(readerKey: string | undefined, handle: string): Promise<BlogAuthor> {
      const row = await repository.author(readerKey, handle);
      if (!row) throw new AppError('common/not-found', { message: 'There is no such author.' });
      const { profile } = row;
      const own = readerKey === profile.key;
      return {
        author: profileSummaryOf(profile),
        bio: profile.bio,
        followers: profile.hideFollowCounts && !own ? 0 : profile.followers,
        followsAuthor: readerKey && !own ? await repository.follows(readerKey, profile.key) : false,
        posts: row.posts,
      };
    },

    /** Likes or unlikes a published post the reader may read; repeating either changes nothing. */
    async setLike(id: string, readerKey: string, like: boolean) {
      const post = await repository.readablePost(readerKey, id);
      if (!post) throw notFound();
      if (post.authorKey === readerKey)
        throw new AppError('common/bad-request', { message: 'You cannot like your own post.' });
      return repository.setLike(id, readerKey, like);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
