import type { EditablePost, MyPost, PostContent, PostStatus, PostSummary } from '../../../contracts/blog.ts';
import { excerptOf } from '../cards/index.ts';
import { profileSummaryOf } from '../profiles/index.ts';
import type { ContentRow, DraftRow, PostRow, PostWithDraft, SummaryRow } from './repository.ts';

/** The editable text of a working copy or a revision, as the contracts name it. */
export function contentOf(row: ContentRow): PostContent {
  return {
    title: row.title,
    body: row.body,
    excerpt: row.excerpt,
    seoDescription: row.seoDescription,
    coverURL: row.coverURL,
    coverAlt: row.coverAlt,
    tags: row.tags,
    seriesTitle: row.seriesTitle,
    slug: row.slug,
  };
}

/** The series title a working copy names, as publishing reads it (blank is none). */
const seriesKey = (title: string | null) => title?.trim().toLowerCase() || null;

/**
 * Whether the working copy differs from what readers see: always for a post readers cannot see (a draft, a
 * scheduled or an unpublished post), otherwise field by field against the live columns.
 */
export function hasUnpublishedChanges(
  post: PostRow,
  draft: DraftRow,
  liveSeriesTitle: string | null,
): boolean {
  if (post.status !== 'published') return true;
  return (
    post.slug !== draft.slug ||
    post.title !== draft.title ||
    post.body !== draft.body ||
    post.excerpt !== draft.excerpt ||
    post.seoDescription !== draft.seoDescription ||
    post.coverURL !== draft.coverURL ||
    post.coverAlt !== draft.coverAlt ||
    post.tags.join('\n') !== draft.tags.join('\n') ||
    seriesKey(liveSeriesTitle) !== seriesKey(draft.seriesTitle)
  );
}

/** A post as the editor opens it. */
export function editableOf({ post, draft, seriesTitle }: PostWithDraft): EditablePost {
  return {
    ...contentOf(draft),
    id: post.id,
    revision: draft.revision,
    updatedAt: draft.updatedAt.toISOString(),
    status: post.status as PostStatus,
    scheduledFor: post.scheduledFor?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    liveSlug: post.status === 'published' ? post.slug : null,
    hasUnpublishedChanges: hasUnpublishedChanges(post, draft, seriesTitle),
    featured: post.featured,
  };
}

/** A post in its author's list. */
export function myPostOf({ post, draft, seriesTitle }: PostWithDraft): MyPost {
  return {
    id: post.id,
    title: draft.title,
    slug: draft.slug,
    liveSlug: post.status === 'published' ? post.slug : null,
    status: post.status as PostStatus,
    scheduledFor: post.scheduledFor?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    updatedAt: draft.updatedAt.toISOString(),
    hasUnpublishedChanges: hasUnpublishedChanges(post, draft, seriesTitle),
    likes: post.likes,
    comments: post.comments,
  };
}

/**
 * The start of a post's text as plain words, without its headings: a heading's words would run into the
 * sentence after it ("…worth doing. The forgetting curve A memory fades…").
 */
export function bodyExcerpt(body: string, length?: number): string {
  return excerptOf(body.replace(/^ {0,3}#{1,6}[ \t].*$/gm, ''), length);
}

/** The excerpt lists show: the author's own, else the start of the body's plain text (`bodyExcerpt`). */
export function listExcerpt(excerpt: string, body: string): string {
  return excerpt.trim() || bodyExcerpt(body);
}

/** A published post in a list. */
export function summaryOf(row: SummaryRow): PostSummary {
  return {
    id: row.id,
    slug: row.slug ?? '',
    title: row.title,
    excerpt: listExcerpt(row.excerpt, row.bodyHead),
    coverURL: row.coverURL,
    coverAlt: row.coverAlt,
    tags: row.tags,
    series: row.seriesSlug && row.seriesTitle ? { slug: row.seriesSlug, title: row.seriesTitle } : null,
    author: profileSummaryOf(row.author),
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    readingMinutes: row.readingMinutes,
    featured: row.featured,
    likes: row.likes,
    comments: row.comments,
  };
}
