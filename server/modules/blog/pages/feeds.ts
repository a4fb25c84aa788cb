import { element, emptyElement } from './xml.ts';

/**
 * RSS 2.0 and Atom 1.0 documents of blog posts, written by hand with `xml.ts`. Pure: a feed and its entries in,
 * the XML text out. An entry's id is its post's id as a `urn:uuid:` (stable across renamed slugs and edits).
 */

/** One post as a feed entry: its content already rendered to HTML with absolute addresses. */
export interface FeedEntry {
  id: string;
  title: string;
  /** Absolute address of the post's page. */
  url: string;
  summary: string;
  html: string;
  tags: string[];
  author: { name: string; url: string };
  publishedAt: Date;
  updatedAt: Date;
}

/** A feed: the blog, one tag's posts or one author's. */
export interface Feed {
  title: string;
  description: string;
  /** Absolute address of the page the feed is of (`/blog`, `/blog?tag=…`, an author's page). */
  pageUrl: string;
  /** Absolute address of the feed document itself, without `/rss.xml` or `/atom.xml`. */
  feedBase: string;
  entries: FeedEntry[];
}

/** The last change among a feed's entries (its `updated`), or `fallback` when it has none. */
export function lastUpdated(entries: FeedEntry[], fallback: Date): Date {
  return entries.reduce(
    (latest, entry) => (entry.updatedAt > latest ? entry.updatedAt : latest),
    entries[0]?.updatedAt ?? fallback,
  );
}

/** The feed as an RSS 2.0 document (with an Atom self link, as feed validators ask). */
export function rssDocument(feed: Feed, now: Date): string {
  const items = feed.entries.map((entry) =>
    [
      '    <item>',
      `      ${element('title', entry.title)}`,
      `      ${element('link', entry.url)}`,
      `      ${element('guid', `urn:uuid:${entry.id}`, { isPermaLink: 'false' })}`,
      `      ${element('pubDate', entry.publishedAt.toUTCString())}`,
      `      ${element('dc:creator', entry.author.name)}`,
      ...entry.tags.map((tag) => `      ${element('category', tag)}`),
      `      ${element('description', entry.summary)}`,
      `      ${element('content:encoded', entry.html)}`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${element('title', feed.title)}`,
    `    ${element('link', feed.pageUrl)}`,
    `    ${element('description', feed.description)}`,
    `    ${emptyElement('atom:link', { href: `${feed.feedBase}/rss.xml`, rel: 'self', type: 'application/rss+xml' })}`,
    '    <language>en</language>',
    `    ${element('lastBuildDate', lastUpdated(feed.entries, now).toUTCString())}`,
    '    <generator>CARD WEB</generator>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The feed as an Atom 1.0 document. */
export function atomDocument(feed: Feed, now: Date): string {
  const entries = feed.entries.map((entry) =>
    [
      '  <entry>',
      `    ${element('id', `urn:uuid:${entry.id}`)}`,
      `    ${element('title', entry.title)}`,
      `    ${emptyElement('link', { rel: 'alternate', type: 'text/html', href: entry.url })}`,
      `    ${element('published', entry.publishedAt.toISOString())}`,
      `    ${element('updated', entry.updatedAt.toISOString())}`,
      `    <author>${element('name', entry.author.name)}${element('uri', entry.author.url)}</author>`,
      ...entry.tags.map((tag) => `    ${emptyElement('category', { term: tag })}`),
      ...(entry.summary ? [`    ${element('summary', entry.summary)}`] : []),
      `    ${element('content', entry.html, { type: 'html' })}`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  ${element('id', `${feed.feedBase}/atom.xml`)}`,
    `  ${element('title', feed.title)}`,
    `  ${element('subtitle', feed.description)}`,
    `  ${emptyElement('link', { rel: 'self', type: 'application/atom+xml', href: `${feed.feedBase}/atom.xml` })}`,
    `  ${emptyElement('link', { rel: 'alternate', type: 'text/html', href: feed.pageUrl })}`,
    `  ${element('updated', lastUpdated(feed.entries, now).toISOString())}`,
    // Atom asks for an author of the feed when an entry has none; every entry has one, and the site signs the feed.
    `  <author>${element('name', 'CARD WEB')}</author>`,
    '  <generator>CARD WEB</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
