import type { EditablePost, PostContent } from '../../../../contracts/blog.ts';

/** The working copy's text out of what the editor opened. */
export function contentOf(post: PostContent): PostContent {
  return {
    title: post.title,
    body: post.body,
    excerpt: post.excerpt,
    seoDescription: post.seoDescription,
    coverURL: post.coverURL,
    coverAlt: post.coverAlt,
    tags: [...post.tags],
    seriesTitle: post.seriesTitle,
    slug: post.slug,
  };
}

/** Whether two working copies say exactly the same. */
export function sameContent(a: PostContent, b: PostContent): boolean {
  return (
    a.title === b.title &&
    a.body === b.body &&
    a.excerpt === b.excerpt &&
    a.seoDescription === b.seoDescription &&
    a.coverURL === b.coverURL &&
    a.coverAlt === b.coverAlt &&
    a.seriesTitle === b.seriesTitle &&
    a.slug === b.slug &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, index) => tag === b.tags[index])
  );
}

/** What the editor shows about the post besides its text. */
export type PostMeta = Omit<EditablePost, keyof PostContent>;

/** The post's state without its text. */
export function metaOf(post: EditablePost): PostMeta {
  return {
    id: post.id,
    revision: post.revision,
    updatedAt: post.updatedAt,
    status: post.status,
    scheduledFor: post.scheduledFor,
    publishedAt: post.publishedAt,
    liveSlug: post.liveSlug,
    hasUnpublishedChanges: post.hasUnpublishedChanges,
    featured: post.featured,
  };
}

/** The post as Markdown with its title as a heading, for copying it somewhere safe. */
export function postAsText(content: PostContent): string {
  return content.title ? `# ${content.title}\n\n${content.body}` : content.body;
}
