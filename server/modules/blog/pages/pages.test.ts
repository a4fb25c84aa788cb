import fs from 'node:fs/promises';
import path from 'node:path';
// @ts-expect-error -- jsdom ships no types of its own and @types/jsdom is not installed; one constructor is used.
import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { blogFactory } from '../../../test/blog.ts';
import { cardFactory } from '../../../test/cards.ts';
import { POST_PAGE_MODULE } from './service.ts';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="CARD WEB is a web of knowledge cards." />
    <title>CARD WEB</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const { DOMParser } = (new JSDOM() as { window: { DOMParser: typeof globalThis.DOMParser } }).window;

/** `xml` parsed by a conforming XML parser (jsdom's, on saxes); fails the test when it is not well-formed. */
function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  expect(error?.textContent ?? null, 'well-formed XML').toBeNull();
  return document;
}

/** The `content` of each `<meta property|name="key">`, by key (the last one of a repeated key). */
function metaTags(html: string): Record<string, string[]> {
  const tags: Record<string, string[]> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g))
    (tags[match[1]!] ??= []).push(match[2]!);
  return tags;
}

const text = (parent: Element | Document, name: string) =>
  [...parent.getElementsByTagName(name)].map((node) => node.textContent);

describe('the blog’s public pages', () => {
  const context = setupTestApp({ PUBLIC_URL: 'https://cards.example.org' });
  const blog = blogFactory(context);
  const cards = cardFactory(context);
  let authorKey: string;
  let authorHandle: string;

  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    const root = context.config.webDistDir;
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(path.join(root, 'index.html'), indexHtml);
    await fs.mkdir(path.join(root, '.vite'), { recursive: true });
    await fs.writeFile(
      path.join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        [POST_PAGE_MODULE]: { file: 'assets/post-page-abc.js', imports: ['_chip-def.js'] },
        '_chip-def.js': { file: 'assets/chip-def.js' },
      }),
    );
    await context.app.close();
    const { buildApp } = await import('../../../app.ts');
    context.app = await buildApp({ config: context.config, db: context.db, version: 'test', logger: false });
    authorHandle = `ada_${Date.now().toString(36)}`;
    authorKey = await cards.author(authorHandle);
  });

  it('gives a published post its title, description, Open Graph, Twitter, canonical and JSON-LD, all escaped', async () => {
    const post = await blog.post(authorKey, {
      slug: 'hostile-title',
      title: 'Tags </script><script>alert(1)</script> & "quotes"',
      excerpt: 'An excerpt',
      seoDescription: 'Why <b>bold</b> matters',
      coverURL: '/api/files/' + 'a'.repeat(64),
      coverAlt: 'A cover',
      tags: ['markdown', 'c++'],
      publishedAt: new Date('2026-11-01T10:00:00.000Z'),
      liveUpdatedAt: new Date('2026-11-02T11:30:00.000Z'),
    });
    const response = await get('/blog/hostile-title');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain(
      '<title>Tags &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; · CARD WEB</title>',
    );
    expect(html).toContain('<meta name="description" content="Why &lt;b&gt;bold&lt;/b&gt; matters" />');
    expect(html).not.toContain('<script>alert(1)');
    const url = 'https://cards.example.org/blog/hostile-title';
    const cover = `https://cards.example.org/api/files/${'a'.repeat(64)}`;
    expect(metaTags(html)).toEqual({
      description: ['Why &lt;b&gt;bold&lt;/b&gt; matters'],
      'og:type': ['article'],
      'og:site_name': ['CARD WEB'],
      'og:title': ['Tags &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;'],
      'og:url': [url],
      'og:description': ['Why &lt;b&gt;bold&lt;/b&gt; matters'],
      'og:image': [cover],
      'og:image:alt': ['A cover'],
      'article:published_time': ['2026-11-01T10:00:00.000Z'],
      'article:modified_time': ['2026-11-02T11:30:00.000Z'],
      'article:author': [`https://cards.example.org/blog/authors/${authorHandle}`],
      'article:tag': ['markdown', 'c++'],
      'twitter:card': ['summary_large_image'],
      'twitter:title': ['Tags &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;'],
      'twitter:description': ['Why &lt;b&gt;bold&lt;/b&gt; matters'],
      'twitter:image': [cover],
      'twitter:image:alt': ['A cover'],
    });
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    // The page's code, the post's data and its cover start loading with the HTML, matching the app's requests.
    expect(html).toContain('<link rel="modulepreload" href="/assets/post-page-abc.js" />');
    expect(html).toContain('<link rel="modulepreload" href="/assets/chip-def.js" />');
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/blog/posts/by-slug/hostile-title" crossorigin="anonymous" />',
    );
    expect(html).toContain(
      `<link rel="preload" as="image" href="/api/files/${'a'.repeat(64)}" fetchpriority="high" referrerpolicy="no-referrer" />`,
    );
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="CARD WEB blog (RSS)" href="https://cards.example.org/blog/rss.xml" />',
    );
    expect(html).toContain(
      '<link rel="alternate" type="application/atom+xml" title="CARD WEB blog (Atom)" href="https://cards.example.org/blog/atom.xml" />',
    );

    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const json = scripts[0]![1]!;
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: 'Why <b>bold</b> matters',
      image: [cover],
      datePublished: '2026-11-01T10:00:00.000Z',
      dateModified: '2026-11-02T11:30:00.000Z',
      author: {
        '@type': 'Person',
        name: authorHandle,
        url: `https://cards.example.org/blog/authors/${authorHandle}`,
      },
      publisher: { '@type': 'Organization', name: 'CARD WEB', url: 'https://cards.example.org/' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      keywords: 'markdown, c++',
    });
  });

  it('preloads the module the web app’s router loads for a post', async () => {
    const router = await fs.readFile(path.join('web', 'app', 'router.tsx'), 'utf8');
    const route = router.slice(router.indexOf("path: 'blog/:slug',"));
    expect(/import\('\.\.\/([^']+)'\)/.exec(route)?.[1]).toBe(POST_PAGE_MODULE);
  });

  it('describes a post without a cover or SEO description by its excerpt, and says nothing of drafts', async () => {
    await blog.post(authorKey, { slug: 'plain-post', title: 'Plain', excerpt: 'Just the excerpt' });
    const plain = metaTags((await get('/blog/plain-post')).body);
    expect(plain['og:description']).toEqual(['Just the excerpt']);
    expect(plain['og:image']).toBeUndefined();
    expect(plain['twitter:card']).toEqual(['summary']);
    expect((await get('/blog/plain-post')).body).not.toContain('as="image"');

    await blog.post(authorKey, { slug: 'secret-draft', title: 'Secret draft', status: 'draft' });
    await blog.post(authorKey, { slug: 'later-post', title: 'Later', status: 'scheduled' });
    for (const url of ['/blog/secret-draft', '/blog/later-post', '/blog/no-such-post']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
    }
  });

  it('moves a post’s earlier address to its current one with a 301, keeping the query', async () => {
    await blog.post(authorKey, { slug: 'new-name', oldSlugs: ['old-name', 'older-name'] });
    const moved = await get('/blog/old-name?utm_source=feed&x=1');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/blog/new-name?utm_source=feed&x=1');
    expect((await get('/blog/older-name')).headers.location).toBe('/blog/new-name');
    // The old address of a post that is no longer published moves nowhere.
    await blog.post(authorKey, { slug: 'hidden-now', status: 'draft', oldSlugs: ['was-public'] });
    expect((await get('/blog/was-public')).statusCode).toBe(200);
  });

  it('names the feeds on the blog and on author pages', async () => {
    const list = (await get('/blog')).body;
    expect(list).toContain('<title>Blog · CARD WEB</title>');
    expect(list).toContain('href="https://cards.example.org/blog/rss.xml"');
    expect(list).toContain('<link rel="canonical" href="https://cards.example.org/blog" />');
    const author = (await get(`/blog/authors/${authorHandle}`)).body;
    expect(author).toContain(`href="https://cards.example.org/blog/authors/${authorHandle}/atom.xml"`);
    expect(author).toContain('href="https://cards.example.org/blog/atom.xml"');
    expect((await get('/blog/authors/nobody-here')).body).toBe(indexHtml);
  });
});

describe('the blog’s feeds and the sitemap', () => {
  const context = setupTestApp({ PUBLIC_URL: 'https://cards.example.org' });
  const blog = blogFactory(context);
  const cards = cardFactory(context);
  let authorKey: string;
  let handle: string;
  let quietHandle: string;
  const ids: Record<string, string> = {};

  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    handle = `grace_${Date.now().toString(36)}`;
    authorKey = await cards.author(handle);
    const otherKey = await cards.author();
    quietHandle = `quiet_${Date.now().toString(36)}`;
    await cards.author(quietHandle);
    ids.first = (
      await blog.post(authorKey, {
        slug: 'first-post',
        title: 'First & foremost',
        excerpt: 'The first one',
        body: 'Hello [a card](/cards/123) and ![pic](/api/files/abc).\n\n$x^2$\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1))',
        tags: ['intro', 'math'],
        publishedAt: new Date('2026-10-01T08:00:00.000Z'),
        liveUpdatedAt: new Date('2026-10-03T08:00:00.000Z'),
      })
    ).id;
    ids.second = (
      await blog.post(otherKey, {
        slug: 'second-post',
        title: 'Second',
        excerpt: '',
        body: 'Only **text** here.',
        tags: ['math'],
        publishedAt: new Date('2026-10-05T08:00:00.000Z'),
      })
    ).id;
    await blog.post(authorKey, { slug: 'draft-post', title: 'Draft', status: 'draft', tags: ['math'] });
    ids.card = (await cards.card(otherKey, { title: 'A public card' })).id;
    await cards.card(otherKey, { title: 'Private', visibility: 'private' });
  });

  it('serves the whole blog as RSS 2.0 with every item field, newest first', async () => {
    const response = await get('/blog/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['last-modified']).toBe('Mon, 05 Oct 2026 08:00:00 GMT');
    const document = parseXml(response.body);
    const rss = document.documentElement;
    expect(rss.tagName).toBe('rss');
    expect(rss.getAttribute('version')).toBe('2.0');
    const channel = rss.getElementsByTagName('channel')[0]!;
    expect(text(channel, 'title')[0]).toBe('CARD WEB blog');
    expect(text(channel, 'link')[0]).toBe('https://cards.example.org/blog');
    expect(text(channel, 'description')[0]).not.toBe('');
    const items = [...channel.getElementsByTagName('item')];
    expect(items.map((item) => text(item, 'title')[0])).toEqual(['Second', 'First & foremost']);
    const first = items[1]!;
    expect(text(first, 'link')).toEqual(['https://cards.example.org/blog/first-post']);
    expect(text(first, 'guid')).toEqual([`urn:uuid:${ids.first}`]);
    expect(first.getElementsByTagName('guid')[0]!.getAttribute('isPermaLink')).toBe('false');
    expect(text(first, 'pubDate')).toEqual(['Thu, 01 Oct 2026 08:00:00 GMT']);
    expect(text(first, 'dc:creator')).toEqual([handle]);
    expect(text(first, 'category')).toEqual(['intro', 'math']);
    expect(text(first, 'description')).toEqual(['The first one']);
    const html = text(first, 'content:encoded')[0]!;
    expect(html).toContain('<a href="https://cards.example.org/cards/123">a card</a>');
    expect(html).toContain('<img src="https://cards.example.org/api/files/abc" alt="pic">');
    expect(html).toContain('<math');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    // No excerpt: the summary is the start of the text, as plain words.
    expect(text(items[0]!, 'description')).toEqual(['Only text here.']);
  });

  it('serves the whole blog as Atom 1.0 with ids, dates, authors and content', async () => {
    const response = await get('/blog/atom.xml');
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseXml(response.body).documentElement;
    expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(feed.tagName).toBe('feed');
    const children = (name: string) => [...feed.children].filter((child) => child.tagName === name);
    expect(children('id').map((node) => node.textContent)).toEqual([
      'https://cards.example.org/blog/atom.xml',
    ]);
    expect(children('title').map((node) => node.textContent)).toEqual(['CARD WEB blog']);
    expect(children('updated').map((node) => node.textContent)).toEqual(['2026-10-05T08:00:00.000Z']);
    expect(children('link').map((node) => node.getAttribute('rel'))).toEqual(['self', 'alternate']);
    const entries = children('entry');
    expect(entries).toHaveLength(2);
    const first = entries[1]!;
    expect(text(first, 'id')).toEqual([`urn:uuid:${ids.first}`]);
    expect(text(first, 'title')).toEqual(['First & foremost']);
    expect(text(first, 'published')).toEqual(['2026-10-01T08:00:00.000Z']);
    expect(text(first, 'updated')).toEqual(['2026-10-03T08:00:00.000Z']);
    expect(first.getElementsByTagName('link')[0]!.getAttribute('href')).toBe(
      'https://cards.example.org/blog/first-post',
    );
    expect(text(first, 'name')).toEqual([handle]);
    expect(text(first, 'uri')).toEqual([`https://cards.example.org/blog/authors/${handle}`]);
    expect([...first.getElementsByTagName('category')].map((node) => node.getAttribute('term'))).toEqual([
      'intro',
      'math',
    ]);
    expect(text(first, 'summary')).toEqual(['The first one']);
    const content = first.getElementsByTagName('content')[0]!;
    expect(content.getAttribute('type')).toBe('html');
    expect(content.textContent).toContain('<a href="https://cards.example.org/cards/123">a card</a>');
  });

  it('reads as a feed reader expects, in RSS and in Atom', async () => {
    // rss-parser is what many readers and aggregators run on; both feeds must give it the same posts.
    // Fields the library reads but does not type: Atom's id and author, RSS's content:encoded.
    const reader = new Parser<object, { id?: string; author?: string; 'content:encoded'?: string }>();
    const rss = await reader.parseString((await get('/blog/rss.xml')).body);
    const atom = await reader.parseString((await get('/blog/atom.xml')).body);
    for (const feed of [rss, atom]) {
      expect(feed.title).toBe('CARD WEB blog');
      expect(feed.link).toBe('https://cards.example.org/blog');
      expect(feed.items.map((item) => [item.title, item.link, item.guid ?? item.id])).toEqual([
        ['Second', 'https://cards.example.org/blog/second-post', `urn:uuid:${ids.second}`],
        ['First & foremost', 'https://cards.example.org/blog/first-post', `urn:uuid:${ids.first}`],
      ]);
      // Dated by publication in both (Atom's `published`, not its later `updated`).
      expect(feed.items[1]!.isoDate).toBe('2026-10-01T08:00:00.000Z');
    }
    const [fromRss, fromAtom] = [rss.items[1]!, atom.items[1]!];
    // The whole post as HTML, and the excerpt as its summary.
    const link = '<a href="https://cards.example.org/cards/123">a card</a>';
    expect(fromRss['content:encoded']).toContain(link);
    expect(fromRss.contentSnippet).toBe('The first one');
    expect(fromAtom.content).toContain(link);
    expect(fromAtom.summary).toBe('The first one');
    expect(fromRss.categories).toEqual(['intro', 'math']);
    expect(fromRss.creator).toBe(handle);
    expect(fromAtom.author).toBe(handle);
  });

  it('serves a tag’s and an author’s feeds, and 404 for an unknown tag or author', async () => {
    const tag = parseXml((await get('/blog/tags/math/rss.xml')).body);
    expect(text(tag, 'guid')).toEqual([`urn:uuid:${ids.second}`, `urn:uuid:${ids.first}`]);
    const intro = parseXml((await get('/blog/tags/intro/atom.xml')).body);
    expect([...intro.getElementsByTagName('entry')].map((entry) => text(entry, 'id')[0])).toEqual([
      `urn:uuid:${ids.first}`,
    ]);
    const author = parseXml((await get(`/blog/authors/${handle}/rss.xml`)).body);
    expect(text(author, 'guid')).toEqual([`urn:uuid:${ids.first}`]);
    expect(text(author, 'title')[0]).toBe(`${handle} on CARD WEB`);
    // An author who has published nothing yet has an empty feed to subscribe to.
    const quiet = parseXml((await get(`/blog/authors/${quietHandle}/atom.xml`)).body);
    expect(quiet.getElementsByTagName('entry')).toHaveLength(0);

    for (const url of ['/blog/tags/nothing/rss.xml', '/blog/authors/nobody-at-all/atom.xml']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('common/not-found');
    }
  });

  it('answers 304 to a reader that has the current feed', async () => {
    const first = await get('/blog/rss.xml');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await get('/blog/rss.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/blog/rss.xml', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect(
      (await get('/blog/rss.xml', { 'if-modified-since': 'Mon, 05 Oct 2026 08:00:00 GMT' })).statusCode,
    ).toBe(304);
    expect(
      (await get('/blog/rss.xml', { 'if-modified-since': 'Sun, 04 Oct 2026 08:00:00 GMT' })).statusCode,
    ).toBe(200);
  });

  it('lists the section pages, published posts with their last change, authors and public cards in the sitemap', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const document = parseXml(response.body);
    expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [...document.getElementsByTagName('url')].map((url) => ({
      loc: text(url, 'loc')[0],
      lastmod: text(url, 'lastmod')[0],
    }));
    const base = 'https://cards.example.org';
    expect(urls.slice(0, 3)).toEqual([
      { loc: `${base}/`, lastmod: undefined },
      { loc: `${base}/exploration`, lastmod: undefined },
      { loc: `${base}/classroom`, lastmod: undefined },
    ]);
    expect(urls).toContainEqual({ loc: `${base}/blog`, lastmod: undefined });
    expect(urls).toContainEqual({ loc: `${base}/blog/first-post`, lastmod: '2026-10-03T08:00:00.000Z' });
    expect(urls).toContainEqual({ loc: `${base}/blog/second-post`, lastmod: '2026-10-05T08:00:00.000Z' });
    expect(urls).toContainEqual({ loc: `${base}/blog/authors/${handle}`, lastmod: '2026-10-03T08:00:00Z' });
    expect(urls.filter((url) => url.loc?.startsWith(`${base}/cards/`)).map((url) => url.loc)).toEqual([
      `${base}/cards/${ids.card}`,
    ]);
    expect(urls.map((url) => url.loc)).not.toContain(`${base}/blog/draft-post`);
    expect(urls.map((url) => url.loc)).not.toContain(`${base}/blog/authors/${quietHandle}`);
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Sitemap: https://cards.example.org/sitemap.xml');
    expect(response.body).toContain('Disallow: /api/');
  });
});
