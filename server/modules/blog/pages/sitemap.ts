import { element } from './xml.ts';

/** The sitemap protocol's cap on the addresses of one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** One address of the sitemap, with when it last changed (a W3C date-time) when known. */
export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

/** The public pages every visitor reaches from the top bar and the footer, site-relative. */
export const sectionPages = [
  '/',
  '/exploration',
  '/classroom',
  '/classroom/classes/modern-recommendation-systems',
  '/research_center',
  '/blog',
  '/about',
  '/about/privacy-policy',
  '/about/terms-of-service',
  '/about/customer-support',
  '/document',
] as const;

/** A sitemap (sitemaps.org 0.9) of `urls`, at most `SITEMAP_MAX_URLS` of them (the first ones). */
export function sitemapDocument(urls: SitemapUrl[]): string {
  const entries = urls
    .slice(0, SITEMAP_MAX_URLS)
    .map(
      (url) => `  <url>${element('loc', url.loc)}${url.lastmod ? element('lastmod', url.lastmod) : ''}</url>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** `robots.txt`: everything public may be crawled but the API and the signed-in tools; the sitemap's address. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    // Covers in link previews and feeds are stored files; the rest of the API is no page.
    'Allow: /api/files/',
    'Disallow: /api/',
    'Disallow: /build',
    'Disallow: /play',
    'Disallow: /confer',
    'Disallow: /profile',
    'Disallow: /admin',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
