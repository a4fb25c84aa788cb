import type { CardsRepository } from './repository.ts';
import { excerptOf } from './present.ts';
import { canRead } from './service.ts';

/**
 * Link previews for card pages. Chat apps and social sites do not run the web app's JavaScript, so the HTML of
 * `/cards/:id` itself carries the card's title, excerpt and cover as Open Graph and Twitter tags, for cards a
 * visitor may open (public and unlisted, published). Every other card gets the plain page, which says nothing
 * about it.
 */

/** What a preview shows of a card. */
export interface CardPreview {
  id: string;
  title: string;
  description: string;
  /** Absolute address of the cover, when the card has one. */
  imageURL: string | null;
  /** Unlisted cards open by link but ask search engines not to index them. */
  unlisted: boolean;
}

const cardPath = /^\/cards\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML, in element content and in quoted attributes alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/** The preview of the card at `id`, or null when a visitor may not open it (missing, private, draft, deleted). */
export async function cardPreview(
  repository: Pick<CardsRepository, 'find'>,
  id: string,
  publicUrl: string,
): Promise<CardPreview | null> {
  const found = await repository.find(id);
  // Decided as for a signed-out reader: link preview fetchers are anonymous.
  if (!found || !canRead(found.card, undefined)) return null;
  const { card } = found;
  // A flashcard may have no body: its front says what it is about.
  const description = excerptOf(card.body.trim() ? card.body : (card.fields.front ?? ''), 200);
  const cover = card.coverURL;
  return {
    id: card.id,
    title: card.title,
    description,
    imageURL: cover ? new URL(cover, `${publicUrl}/`).href : null,
    unlisted: card.visibility === 'unlisted',
  };
}

/** The `<head>` tags of a card's preview, every value escaped. */
export function previewTags(preview: CardPreview, publicUrl: string): string {
  const url = `${publicUrl}/cards/${preview.id}`;
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', 'CARD WEB'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:url', url),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ];
  if (preview.description) tags.push(meta('property', 'og:description', preview.description));
  if (preview.imageURL) tags.push(meta('property', 'og:image', preview.imageURL));
  tags.push(meta('name', 'twitter:card', preview.imageURL ? 'summary_large_image' : 'summary'));
  if (preview.unlisted) tags.push(meta('name', 'robots', 'noindex'));
  return tags.join('\n    ');
}

/**
 * `index.html` with a page's own head: `title` (the site's name added) in `<title>`, `description` as the meta
 * description when there is one, and `tags` (already escaped) before `</head>`. Shared by card and blog pages.
 */
export function withHead(
  indexHtml: string,
  head: { title: string; description: string; tags: string },
): string {
  const title = `<title>${escapeHtml(`${head.title} · CARD WEB`)}</title>`;
  let html = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => title);
  if (head.description) {
    html = html.replace(
      /<meta\s+name="description"[\s\S]*?\/?>/i,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    );
  }
  // A function replacement, so `$` in a title is never read as a replacement pattern.
  return html.replace(/<\/head>/i, () => `    ${head.tags}\n  </head>`);
}

/**
 * `index.html` for a card's preview: the card's title in `<title>`, its excerpt as the description, and the
 * preview tags before `</head>`.
 */
export function withPreview(indexHtml: string, preview: CardPreview, publicUrl: string): string {
  return withHead(indexHtml, {
    title: preview.title,
    description: preview.description,
    tags: previewTags(preview, publicUrl),
  });
}

/**
 * For the web app plugin: the HTML of a card page with its preview, or null for every other path and for
 * cards a visitor may not open (they get the plain `index.html`).
 */
export function createCardPages(repository: Pick<CardsRepository, 'find'>, publicUrl: string) {
  return async (pathname: string, built: { indexHtml: string }): Promise<string | null> => {
    const id = cardPath.exec(pathname)?.[1];
    if (!id) return null;
    const preview = await cardPreview(repository, id.toLowerCase(), publicUrl);
    return preview ? withPreview(built.indexHtml, preview, publicUrl) : null;
  };
}
