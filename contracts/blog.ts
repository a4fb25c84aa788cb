import { z } from 'zod';
import { coverUrlSchema } from './cards.ts';
import { profileSummarySchema, reportReasons, type ReportReason } from './profiles.ts';

// The blog: posts written in the card renderer's Markdown, read at `/blog/:slug`, listed at `/blog`, with feeds.
// A post has a live text (what readers see) and the author's working copy (what the editor autosaves); only
// publishing copies one into the other.

/** Limits of a post. The server enforces them; the editor shows them early. */
export const blogLimits = {
  title: { max: 160 },
  body: { max: 200_000 },
  excerpt: { max: 300 },
  seoDescription: { max: 160 },
  coverAlt: { max: 300 },
  tags: { max: 8 },
  seriesTitle: { max: 120 },
  slug: { min: 3, max: 80 },
  comment: { max: 5_000 },
} as const;

/** Words a reader reads per minute, for a post's reading time (rounded up, at least one minute). */
export const WORDS_PER_MINUTE = 230;

/** Posts on one page of `/blog`. */
export const BLOG_PAGE_SIZE = 12;

/** Addresses under `/blog/` that are pages of their own, so no post may take them as its slug. */
export const reservedBlogSlugs = [
  'authors',
  'write',
  'drafts',
  'feed',
  'rss',
  'atom',
  'tags',
  'series',
  'new',
];

/** A slug: lower-case letters and digits in words joined by single hyphens (`my-first-post`). */
export const blogSlugSchema = z
  .string()
  .trim()
  .min(blogLimits.slug.min, `At least ${blogLimits.slug.min} characters`)
  .max(blogLimits.slug.max, `At most ${blogLimits.slug.max} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters and digits, with single hyphens between words')
  .refine((slug) => !reservedBlogSlugs.includes(slug), 'That address is a page of the blog. Choose another.');

/** Where a post is: being written, waiting for its time, or live. */
export const postStatuses = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

/** A series a post belongs to, as a link. */
export const seriesRefSchema = z.object({ slug: z.string(), title: z.string() });
export type SeriesRef = z.infer<typeof seriesRefSchema>;

/** A published post in a list: enough for its card on `/blog`. */
export const postSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverURL: z.string().nullable(),
  coverAlt: z.string(),
  tags: z.array(z.string()),
  series: seriesRefSchema.nullable(),
  author: profileSummarySchema,
  publishedAt: z.string(),
  readingMinutes: z.number().int(),
  featured: z.boolean(),
  likes: z.number().int(),
  comments: z.number().int(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

/** `GET /api/blog/posts`: published posts, newest first; words search by relevance. */
export const postListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(80).optional(),
  /** An author's handle. */
  author: z.string().trim().max(60).optional(),
  /** A series' slug. */
  series: z.string().trim().max(100).optional(),
  featured: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type PostListQuery = z.input<typeof postListQuerySchema>;

/** A page of posts; `total` lets the list reserve its pager before the next page loads. */
export const postListSchema = z.object({
  items: z.array(postSummarySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type PostList = z.infer<typeof postListSchema>;

/** `GET /api/blog/facets`: what `/blog` offers to filter by, most used first. */
export const blogFacetsSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), posts: z.number().int() })),
  authors: z.array(z.object({ author: profileSummarySchema, posts: z.number().int() })),
  series: z.array(seriesRefSchema.extend({ posts: z.number().int() })),
});
export type BlogFacets = z.infer<typeof blogFacetsSchema>;

/** A post's series, with every published post of it in order, for the series navigation. */
export const postSeriesSchema = seriesRefSchema.extend({
  posts: z.array(z.object({ slug: z.string(), title: z.string(), position: z.number().int() })),
});

/** `GET /api/blog/posts/by-slug/:slug`: a published post to read. An earlier slug answers the post too. */
export const postSchema = postSummarySchema.extend({
  body: z.string(),
  /** Whether the author wrote `excerpt`; when not, it is the text's own opening, which the page already shows. */
  excerptWritten: z.boolean(),
  seoDescription: z.string(),
  updatedAt: z.string(),
  series: postSeriesSchema.nullable(),
  authorFollowers: z.number().int(),
  /** The reader's own state (false when signed out). */
  likedByViewer: z.boolean(),
  followsAuthor: z.boolean(),
  /** Whether the reader may open the editor (the author), and feature or unpublish (an administrator). */
  canEdit: z.boolean(),
  canModerate: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** `GET /api/blog/authors/:handle`: an author's page header. Their posts come from the list with `author`. */
export const blogAuthorSchema = z.object({
  author: profileSummarySchema,
  bio: z.string(),
  followers: z.number().int(),
  followsAuthor: z.boolean(),
  posts: z.number().int(),
});
export type BlogAuthor = z.infer<typeof blogAuthorSchema>;

// ---------------------------------------------------------------------------------------------------------
// Writing

/** The editable text of a post: the working copy the editor autosaves. */
export const postContentSchema = z.object({
  title: z.string().max(blogLimits.title.max, `At most ${blogLimits.title.max} characters`),
  body: z.string().max(blogLimits.body.max, 'At most 200,000 characters'),
  excerpt: z.string().max(blogLimits.excerpt.max, `At most ${blogLimits.excerpt.max} characters`),
  seoDescription: z
    .string()
    .max(blogLimits.seoDescription.max, `At most ${blogLimits.seoDescription.max} characters`),
  coverURL: coverUrlSchema.nullable(),
  coverAlt: z.string().max(blogLimits.coverAlt.max),
  tags: z.array(z.string().max(100)).max(blogLimits.tags.max, `At most ${blogLimits.tags.max} tags`),
  seriesTitle: z.string().trim().max(blogLimits.seriesTitle.max).nullable(),
  /** Checked in full (`blogSlugSchema`) when publishing; a draft may hold one being typed. */
  slug: z.string().max(blogLimits.slug.max),
});
export type PostContent = z.infer<typeof postContentSchema>;

/** `POST /api/blog/posts`: a new draft, empty or with a starting text (the blog builder's "Open in editor"). */
export const newPostSchema = postContentSchema.partial();
export type NewPostInput = z.infer<typeof newPostSchema>;

/** `PUT /api/blog/posts/:id/draft`: an autosave over `baseRevision`; an older base is `blog/draft-conflict`. */
export const savePostSchema = postContentSchema.extend({ baseRevision: z.number().int().min(0) });
export type SavePostInput = z.infer<typeof savePostSchema>;

/** What a save gave: the revision to base the next save on. */
export const savedPostSchema = z.object({ revision: z.number().int(), updatedAt: z.string() });
export type SavedPost = z.infer<typeof savedPostSchema>;

/** `GET /api/blog/posts/:id/edit`: what the editor opens (the author only). */
export const editablePostSchema = postContentSchema.extend({
  id: z.uuid(),
  revision: z.number().int(),
  updatedAt: z.string(),
  status: z.enum(postStatuses),
  scheduledFor: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** The live slug, when the post has been published (the editor links to it). */
  liveSlug: z.string().nullable(),
  /** Whether the working copy differs from what readers see. */
  hasUnpublishedChanges: z.boolean(),
  featured: z.boolean(),
});
export type EditablePost = z.infer<typeof editablePostSchema>;

/**
 * `POST /api/blog/posts/:id/publish`: publish the working copy now, or schedule it for `at` (which must be in
 * the future: `blog/schedule-in-past`). Publishing checks the slug, title and tags in full.
 */
export const publishPostSchema = z.object({ at: z.iso.datetime({ offset: true }).optional() });
export type PublishPostInput = z.infer<typeof publishPostSchema>;

/** `GET /api/blog/mine`: the signed-in person's posts, every status, last edited first. */
export const myPostSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  liveSlug: z.string().nullable(),
  status: z.enum(postStatuses),
  scheduledFor: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  hasUnpublishedChanges: z.boolean(),
  likes: z.number().int(),
  comments: z.number().int(),
});
export const myPostListSchema = z.object({ items: z.array(myPostSchema) });
export type MyPost = z.infer<typeof myPostSchema>;

/** Why a revision was kept. */
export const revisionReasons = ['autosave', 'published', 'scheduled', 'restored', 'agent'] as const;

/** `GET /api/blog/posts/:id/revisions`: newest first. */
export const revisionSummarySchema = z.object({
  number: z.number().int(),
  reason: z.enum(revisionReasons),
  title: z.string(),
  createdAt: z.string(),
});
export const revisionListSchema = z.object({ items: z.array(revisionSummarySchema) });
/** `GET /api/blog/posts/:id/revisions/:number`: the whole text, for a diff against the working copy. */
export const revisionSchema = revisionSummarySchema.extend(postContentSchema.shape);
export type PostRevision = z.infer<typeof revisionSchema>;

/** `PUT /api/blog/posts/:id/featured` (administrators). */
export const featurePostSchema = z.object({ featured: z.boolean() });

/** `PUT`/`DELETE /api/blog/posts/:id/like`. */
export const postLikeSchema = z.object({ liked: z.boolean(), likes: z.number().int() });

// ---------------------------------------------------------------------------------------------------------
// Comments

/** One comment; threads are built from `parentId`. A deleted one keeps its place with `body` empty. */
export const commentSchema = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  author: profileSummarySchema,
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  state: z.enum(['visible', 'deleted', 'removed']),
  /** The reader may delete it (theirs, or an administrator). */
  canDelete: z.boolean(),
});
export type BlogComment = z.infer<typeof commentSchema>;

/** `GET /api/blog/posts/:id/comments`: every comment, oldest first. */
export const commentListSchema = z.object({ items: z.array(commentSchema) });

/** `POST /api/blog/posts/:id/comments`. */
export const newCommentSchema = z.object({
  body: z.string().trim().min(1, 'Write a comment').max(blogLimits.comment.max, 'At most 5,000 characters'),
  parentId: z.uuid().nullable().default(null),
});

/** `POST /api/blog/comments/:id/reports`: a report kept for administrators with the existing moderation. */
export const commentReportSchema = z.object({
  reason: z.enum(Object.keys(reportReasons) as [ReportReason, ...ReportReason[]]),
  details: z.string().trim().max(1000).default(''),
});
