import { WORDS_PER_MINUTE, blogLimits } from './blog.ts';
import { markdownWords } from './card-text.ts';

/**
 * A post's address made from its title: accents dropped (NFKD), lower case, every run of other characters a
 * single hyphen, no hyphen at either end, and at most the slug limit long, cut at a hyphen so no word is
 * split. Empty when the title has no letters or digits.
 */
export function slugify(title: string): string {
  const plain = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const max = blogLimits.slug.max;
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf('-');
  // One word longer than the limit has no hyphen to cut at: it is cut at the limit instead.
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : plain.slice(0, max)).replace(/-+$/, '');
}

/** Minutes a reader takes to read `body` (Markdown): words over the reading speed, rounded up, at least one. */
export function readingMinutes(body: string): number {
  const words = markdownWords(body)
    .split(/\s+/)
    .filter((word) => word !== '').length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
