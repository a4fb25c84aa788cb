/** Addresses of the blog's pages and feeds, in one place so links and tests agree. */

/** A post's page. */
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** An author's page on the blog. */
export const authorPath = (handle: string) => `/blog/authors/${encodeURIComponent(handle)}`;

/** The front page filtered by one tag. */
export const tagPath = (tag: string) => `/blog?tag=${encodeURIComponent(tag)}`;

/** The editor of a post (the editor's route). */
export const editPostPath = (id: string) => `/blog/write/${encodeURIComponent(id)}`;

/** Where a new post is written. */
export const writePath = '/blog/write';

/** The feeds of the blog, or of one tag or one author's posts (an author wins over a tag when both are set). */
export function feedPaths(filter: { tag?: string; author?: string } = {}): { rss: string; atom: string } {
  if (filter.author) {
    const base = `/blog/authors/${encodeURIComponent(filter.author)}`;
    return { rss: `${base}/rss.xml`, atom: `${base}/atom.xml` };
  }
  if (filter.tag) {
    const base = `/blog/tags/${encodeURIComponent(filter.tag)}`;
    return { rss: `${base}/rss.xml`, atom: `${base}/atom.xml` };
  }
  return { rss: '/blog/rss.xml', atom: '/blog/atom.xml' };
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

/** A date as the blog writes it ("3 March 2026"). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** "5 min read". */
export const readingTime = (minutes: number) => `${Math.max(1, minutes)} min read`;
