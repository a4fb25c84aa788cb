import { WORDS_PER_MINUTE, blogLimits } from './blog.ts';
import { markdownWords } from './card-text.ts';

// Pure helpers of the blog that the server and the web editor share: one reading time, one slug rule.

/** The words a reader reads in a Markdown body: its plain text (`markdownWords`) split on white space. */
export function wordCount(markdown: string): number {
  const text = markdownWords(markdown).trim();
  return text === '' ? 0 : text.split(/\s+/).length;
}

/** A post's reading time in whole minutes: words over `WORDS_PER_MINUTE`, rounded up, at least one. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(wordCount(markdown) / WORDS_PER_MINUTE));
}

/**
 * The slug a title suggests: accents folded (NFKD), lower case, every run of other characters one hyphen, no
 * hyphen at either end, and at most `blogLimits.slug.max` characters, cut where a word ends. May be shorter
 * than a slug must be (or empty): the caller decides what to add.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const max = blogLimits.slug.max;
  if (slug.length <= max) return slug;
  // A cut that lands inside a word goes back to the hyphen before it; a single word longer than the limit is cut.
  const cut = slug.slice(0, max);
  if (slug[max] === '-') return cut;
  const hyphen = cut.lastIndexOf('-');
  return hyphen > 0 ? cut.slice(0, hyphen) : cut;
}
