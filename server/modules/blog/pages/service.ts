import { createHash } from 'node:crypto';
import { reservedBlogSlugs } from '../../../../contracts/blog.ts';
import { withHead } from '../../cards/index.ts';
import { bodyExcerpt } from '../present.ts';
import { atomDocument, lastUpdated, rssDocument, type Feed, type FeedEntry } from './feeds.ts';
import { authorUrl, feedLinkTags, postHeadTags, postUrl, type FeedLink, type PostHead } from './head.ts';
import { markdownToFeedHtml } from './markdown.ts';
import type { PagePost, PagesRepository } from './repository.ts';
import { sectionPages, SITEMAP_MAX_URLS, sitemapDocument, type SitemapUrl } from './sitemap.ts';

/** What the pages read of the built web app (server/plugins/built-app.ts). */
export interface BuiltPage {
  indexHtml: string;
  modulePreloads(source: string): string[];
}

/** The module `web/app/router.tsx` loads for `/blog/:slug`, whose chunks a post's HTML starts loading. */
export const POST_PAGE_MODULE = 'features/blog/reading/post-page.tsx';

/** Posts in one feed. */
export const FEED_SIZE = 20;

/** Which posts a feed holds. */
export type FeedScope = { kind: 'blog' } | { kind: 'tag'; tag: string } | { kind: 'author'; handle: string };

/** A feed document ready to send, with what its cache headers say. */
export interface FeedDocument {
  body: string;
  lastModified: Date;
  etag: string;
}

const blogFeed: FeedLink = { title: 'CARD WEB blog', path: '/blog' };
const blogDescription = 'Posts from the people of CARD WEB: ideas, cards and what they learned.';
const slugPath = /^\/blog\/([^/]+)\/?$/;
const authorPath = /^\/blog\/authors\/([^/]+)\/?$/;

const nameOf = (author: { handle: string; displayName: string | null }) =>
  author.displayName ?? author.handle;

/** A post's description for previews: the SEO description, else the excerpt, else the start of its text. */
export function descriptionOf(post: Pick<PagePost, 'seoDescription' | 'excerpt' | 'body'>): string {
  return post.seoDescription.trim() || post.excerpt.trim() || bodyExcerpt(post.body, 200);
}

function headOf(post: PagePost & { slug: string; publishedAt: Date }): PostHead {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    description: descriptionOf(post),
    coverURL: post.coverURL,
    coverAlt: post.coverAlt,
    tags: post.tags,
    publishedAt: post.publishedAt,
    updatedAt: post.liveUpdatedAt ?? post.publishedAt,
    author: { handle: post.author.handle, name: nameOf(post.author) },
  };
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The blog's public pages: the head of its HTML pages, old addresses, feeds and the sitemap. */
export function createPagesService(repository: PagesRepository, publicUrl: string) {
  function entryOf(post: PagePost): FeedEntry | null {
    if (!post.slug || !post.publishedAt) return null;
    const url = postUrl(post.slug, publicUrl);
    return {
      id: post.id,
      title: post.title,
      url,
      summary: post.excerpt.trim() || bodyExcerpt(post.body, 300),
      html: markdownToFeedHtml(post.body, url),
      tags: post.tags,
      author: { name: nameOf(post.author), url: authorUrl(post.author.handle, publicUrl) },
      publishedAt: post.publishedAt,
      updatedAt: post.liveUpdatedAt ?? post.publishedAt,
    };
  }

  return {
    /**
     * For the web app plugin: a post's page with its head, a 301 for a post's earlier address, the feed links
     * on the blog's list and author pages; null for every other path (the plain `index.html`).
     */
    async pageHtml(pathname: string, built: BuiltPage): Promise<string | { redirect: string } | null> {
      const { indexHtml } = built;
      if (pathname === '/blog' || pathname === '/blog/') {
        return withHead(indexHtml, {
          title: 'Blog',
          description: blogDescription,
          tags: [
            `<link rel="canonical" href="${publicUrl}/blog" />`,
            ...feedLinkTags([blogFeed], publicUrl),
          ].join('\n    '),
        });
      }
      const handle = authorPath.exec(pathname)?.[1];
      if (handle !== undefined) {
        const wanted = decoded(handle);
        const author = wanted ? await repository.profileByHandle(wanted) : undefined;
        if (!author) return null;
        const feed = {
          title: `${nameOf(author)} on CARD WEB`,
          path: `/blog/authors/${encodeURIComponent(author.handle)}`,
        };
        return withHead(indexHtml, {
          title: `${nameOf(author)} · Blog`,
          description: '',
          tags: feedLinkTags([feed, blogFeed], publicUrl).join('\n    '),
        });
      }
      const segment = slugPath.exec(pathname)?.[1];
      const slug = segment === undefined ? null : decoded(segment);
      if (!slug || reservedBlogSlugs.includes(slug)) return null;
      const post = await repository.postBySlug(slug);
      if (post?.slug && post.publishedAt) {
        const head = headOf({ ...post, slug: post.slug, publishedAt: post.publishedAt });
        return withHead(indexHtml, {
          title: head.title,
          description: head.description,
          tags: [postHeadTags(head, publicUrl, [blogFeed]), ...built.modulePreloads(POST_PAGE_MODULE)].join(
            '\n    ',
          ),
        });
      }
      const current = await repository.redirectOf(slug);
      return current ? { redirect: `/blog/${encodeURIComponent(current)}` } : null;
    },

    /** The newest posts of the blog, a tag or an author as RSS or Atom; null for an unknown tag or author. */
    async feed(scope: FeedScope, format: 'rss' | 'atom', now = new Date()): Promise<FeedDocument | null> {
      let feed: Omit<Feed, 'entries'>;
      let filter: { tag?: string; authorKey?: string } = {};
      if (scope.kind === 'blog') {
        feed = {
          title: 'CARD WEB blog',
          description: blogDescription,
          pageUrl: `${publicUrl}/blog`,
          feedBase: `${publicUrl}/blog`,
        };
      } else if (scope.kind === 'tag') {
        filter = { tag: scope.tag };
        const tag = encodeURIComponent(scope.tag);
        feed = {
          title: `CARD WEB blog: ${scope.tag}`,
          description: `Posts tagged “${scope.tag}” on the CARD WEB blog.`,
          pageUrl: `${publicUrl}/blog?tag=${tag}`,
          feedBase: `${publicUrl}/blog/tags/${tag}`,
        };
      } else {
        const author = await repository.profileByHandle(scope.handle);
        if (!author) return null;
        filter = { authorKey: author.key };
        feed = {
          title: `${nameOf(author)} on CARD WEB`,
          description: `Posts by ${nameOf(author)} on the CARD WEB blog.`,
          pageUrl: authorUrl(author.handle, publicUrl),
          feedBase: authorUrl(author.handle, publicUrl),
        };
      }
      const posts = await repository.newestPosts(filter, FEED_SIZE);
      // A tag nobody has published under is no feed at all (an author with no posts yet has an empty one).
      if (scope.kind === 'tag' && posts.length === 0) return null;
      const entries = posts.map(entryOf).filter((entry) => entry !== null);
      const full: Feed = { ...feed, entries };
      const body = format === 'rss' ? rssDocument(full, now) : atomDocument(full, now);
      return {
        body,
        lastModified: lastUpdated(entries, now),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
    },

    /** The sitemap: section pages, published posts, their authors' pages, then listed cards up to the cap. */
    async sitemap(): Promise<string> {
      const urls: SitemapUrl[] = sectionPages.map((path) => ({
        loc: `${publicUrl}${path === '/' ? '/' : path}`,
      }));
      const posts = await repository.sitemapPosts(SITEMAP_MAX_URLS - urls.length);
      for (const post of posts) {
        const changed = post.liveUpdatedAt ?? post.publishedAt;
        urls.push({
          loc: postUrl(post.slug!, publicUrl),
          ...(changed ? { lastmod: changed.toISOString() } : {}),
        });
      }
      const authors = await repository.sitemapAuthors(SITEMAP_MAX_URLS - urls.length);
      for (const author of authors)
        urls.push({ loc: authorUrl(author.handle, publicUrl), lastmod: author.updatedAt });
      const cards = await repository.sitemapCards(SITEMAP_MAX_URLS - urls.length);
      for (const card of cards)
        urls.push({ loc: `${publicUrl}/cards/${card.id}`, lastmod: card.updatedAt.toISOString() });
      return sitemapDocument(urls);
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
