import { escapeHtml } from '../../cards/index.ts';

/**
 * The `<head>` of blog pages for link previews and search engines. Chat apps, social sites and crawlers do not
 * run the web app's JavaScript, so the HTML of `/blog/:slug` itself carries the post's title, description,
 * cover, dates, author and tags (Open Graph, Twitter, canonical link, JSON-LD), and every page of the blog
 * names its feeds. Pure functions: values in, escaped text out.
 */

/** What the head of a post's page says about it. */
export interface PostHead {
  id: string;
  slug: string;
  title: string;
  /** The SEO description, else the excerpt (may be empty). */
  description: string;
  coverURL: string | null;
  coverAlt: string;
  tags: string[];
  publishedAt: Date;
  updatedAt: Date;
  author: { handle: string; name: string };
}

/** A feed a page links to with `<link rel="alternate">`. */
export interface FeedLink {
  title: string;
  /** Site-relative path (`/blog/rss.xml`). */
  path: string;
}

const meta = (attribute: 'property' | 'name', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** An address of the site, absolute. */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}

/** The address of a post's page. */
export function postUrl(slug: string, publicUrl: string): string {
  return `${publicUrl}/blog/${encodeURIComponent(slug)}`;
}

/** The address of an author's page on the blog. */
export function authorUrl(handle: string, publicUrl: string): string {
  return `${publicUrl}/blog/authors/${encodeURIComponent(handle)}`;
}

/**
 * JSON for a `<script>` element: `<` (and `>`, `&`, the two JavaScript line separators) as `\u` escapes, so
 * no value can close the script or open a comment; JSON parsers read them back as the same characters.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The schema.org `BlogPosting` of a post. */
export function postJsonLd(post: PostHead, publicUrl: string): Record<string, unknown> {
  const url = postUrl(post.slug, publicUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    ...(post.description ? { description: post.description } : {}),
    ...(post.coverURL ? { image: [absoluteUrl(post.coverURL, publicUrl)] } : {}),
    datePublished: post.publishedAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    author: { '@type': 'Person', name: post.author.name, url: authorUrl(post.author.handle, publicUrl) },
    publisher: { '@type': 'Organization', name: 'CARD WEB', url: `${publicUrl}/` },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
  };
}

/** `<link rel="alternate">` tags for a page's feeds, RSS and Atom of each. */
export function feedLinkTags(feeds: FeedLink[], publicUrl: string): string[] {
  return feeds.flatMap((feed) => [
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(`${feed.title} (RSS)`)}" href="${escapeHtml(absoluteUrl(`${feed.path}/rss.xml`, publicUrl))}" />`,
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${feed.title} (Atom)`)}" href="${escapeHtml(absoluteUrl(`${feed.path}/atom.xml`, publicUrl))}" />`,
  ]);
}

/**
 * Starts the post's data and its cover (the page's largest paint) with the HTML, instead of after the app's
 * code has loaded and asked for them. The attributes match the app's own requests, so the browser reuses these.
 */
export function postPreloadTags(post: Pick<PostHead, 'slug' | 'coverURL'>): string[] {
  const data = `/api/blog/posts/by-slug/${encodeURIComponent(post.slug)}`;
  const tags = [`<link rel="preload" as="fetch" href="${escapeHtml(data)}" crossorigin="anonymous" />`];
  if (post.coverURL) {
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(post.coverURL)}" fetchpriority="high" referrerpolicy="no-referrer" />`,
    );
  }
  return tags;
}

/** Every head tag of a post's page but `<title>` and the meta description, each value escaped. */
export function postHeadTags(post: PostHead, publicUrl: string, feeds: FeedLink[]): string {
  const url = postUrl(post.slug, publicUrl);
  const image = post.coverURL ? absoluteUrl(post.coverURL, publicUrl) : null;
  const tags = [
    ...postPreloadTags(post),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', 'CARD WEB'),
    meta('property', 'og:title', post.title),
    meta('property', 'og:url', url),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ];
  if (post.description) tags.push(meta('property', 'og:description', post.description));
  if (image) {
    tags.push(meta('property', 'og:image', image));
    if (post.coverAlt) tags.push(meta('property', 'og:image:alt', post.coverAlt));
  }
  tags.push(
    meta('property', 'article:published_time', post.publishedAt.toISOString()),
    meta('property', 'article:modified_time', post.updatedAt.toISOString()),
    meta('property', 'article:author', authorUrl(post.author.handle, publicUrl)),
    ...post.tags.map((tag) => meta('property', 'article:tag', tag)),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', post.title),
  );
  if (post.description) tags.push(meta('name', 'twitter:description', post.description));
  if (image) tags.push(meta('name', 'twitter:image', image));
  if (image && post.coverAlt) tags.push(meta('name', 'twitter:image:alt', post.coverAlt));
  tags.push(...feedLinkTags(feeds, publicUrl));
  tags.push(`<script type="application/ld+json">${scriptJson(postJsonLd(post, publicUrl))}</script>`);
  return tags.join('\n    ');
}
