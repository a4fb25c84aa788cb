/*
 * Fetched text is untrusted: it becomes plain text (no tags, no control characters, whitespace collapsed) cut
 * to the length the contract allows, before it goes anywhere near a paper card.
 */
import { decodeEntities } from './xml.ts';

// Tags that separate words (paragraphs, line breaks, cells); any other tag (<i>, <sub>, <jats:italic>) sits
// inside a word or next to punctuation, and leaves nothing behind.
const BLOCK_TAGS = new Set([
  'p',
  'br',
  'div',
  'li',
  'ul',
  'ol',
  'title',
  'sec',
  'td',
  'th',
  'tr',
  'h1',
  'h2',
  'h3',
]);

/** Removes anything shaped like an HTML or XML tag; a lone "<" in prose ("a < b") stays. */
export function stripTags(text: string): string {
  return text.replace(/<\/?([A-Za-z][\w:.-]*)(?:\s[^<>]*)?\/?>/g, (_tag, name: string) =>
    BLOCK_TAGS.has(name.slice(name.indexOf(':') + 1).toLowerCase()) ? ' ' : '',
  );
}

/** At most `max` characters, never splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}

/** One line of plain text from already-decoded text: tags removed, whitespace collapsed, at most `max` long. */
export function plainText(text: string, max: number): string {
  const flat = stripTags(text)
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cut(flat, max);
}

/** Plain text from markup that may still hold tags and entities (Crossref's titles and JATS): tags go first,
 * so an escaped "&lt;b&gt;" is decoded into text and then removed as a tag too. */
export function plainTextFromMarkup(markup: string, max: number): string {
  return plainText(decodeEntities(stripTags(markup)), max);
}
