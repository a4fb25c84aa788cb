/**
 * The blog's public pages: link previews and search tags in the HTML of its pages (and 301s from a post's old
 * addresses), the RSS and Atom feeds, the sitemap and robots.txt.
 */
export { default as blogPagesRoutes, createBlogPageHtml } from './routes.ts';
