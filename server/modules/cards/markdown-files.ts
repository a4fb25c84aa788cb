import { cardTypes, type CardFields, type CardType } from '../../../contracts/cards.ts';
import {
  FrontMatterError,
  parseFrontMatter,
  type FrontMatter,
  type FrontMatterValue,
} from '../../lib/front-matter.ts';

/** What a card file holds: a draft's content. */
export type CardFile = {
  title: string;
  type: CardType;
  tags: string[];
  fields: CardFields;
  body: string;
};

// JSON's string escapes are the double-quoted escapes the reader accepts, once control characters are gone.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const quoted = (value: string) => JSON.stringify(value.replace(/[\u0000-\u001f\u007f]/g, ' '));
const list = (values: (string | number)[]) =>
  `[${values.map((value) => (typeof value === 'number' ? String(value) : quoted(value))).join(', ')}]`;

/** A card as a Markdown file with front matter (title, type, tags, its type's fields), as export writes it. */
export function cardToMarkdownFile(card: CardFile): string {
  const lines = ['---', `title: ${quoted(card.title)}`, `type: ${card.type}`, `tags: ${list(card.tags)}`];
  const { front, back, authors, year, doi, url, language } = card.fields;
  if (front !== undefined) lines.push(`front: ${quoted(front)}`);
  if (back !== undefined) lines.push(`back: ${quoted(back)}`);
  if (authors !== undefined) lines.push(`authors: ${list(authors)}`);
  if (year !== undefined) lines.push(`year: ${year}`);
  if (doi !== undefined) lines.push(`doi: ${quoted(doi)}`);
  if (url !== undefined) lines.push(`url: ${quoted(url)}`);
  if (language !== undefined) lines.push(`language: ${quoted(language)}`);
  lines.push('---', '', card.body);
  return `${lines.join('\n')}\n`;
}

/** A file name for a card: its title in lowercase words joined by `-`, or `card` when none is left. */
export function fileNameFor(title: string, taken: Set<string>): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'card';
  let name = `${base}.md`;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}.md`;
  taken.add(name);
  return name;
}

const isMap = (value: FrontMatterValue): value is { [key: string]: FrontMatterValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A property read as one piece of text; an empty property (`key:` alone, `null`, `~`) counts as absent. */
const text = (data: FrontMatter, key: string): string | undefined => {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) throw new FrontMatterError(`"${key}" must be a single value, not a list`);
  if (isMap(value)) throw new FrontMatterError(`"${key}" must be a single value, not a map of values`);
  return String(value);
};

/** A property read as a list of texts: a block or flow list, or one value; empty items are skipped. */
const texts = (data: FrontMatter, key: string): string[] | undefined => {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  return (Array.isArray(value) ? value : [value]).flatMap((item) => {
    if (item === null) return [];
    if (Array.isArray(item) || isMap(item))
      throw new FrontMatterError(`"${key}" must be a list of single values, not of lists or maps`);
    return [String(item)];
  });
};

/**
 * Reads an imported Markdown file. With front matter, `title`, `type`, `tags` and the type's fields come from
 * it; without, the title is the first `# heading` (or the file name) and the card is a note. Throws a
 * FrontMatterError that says what is wrong.
 */
export function markdownFileToCard(name: string, source: string): CardFile {
  const normalised = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^---[ \t]*\n/.test(normalised)) {
    const heading = /^#[ \t]+(.+)$/m.exec(normalised);
    const title = (heading?.[1] ?? name.replace(/\.(md|markdown|txt)$/i, '')).trim();
    const body = heading ? normalised.replace(heading[0], '').replace(/^\s*\n/, '') : normalised;
    return { title, type: 'note', tags: [], fields: {}, body: body.trimEnd() };
  }
  const { data, body } = parseFrontMatter(normalised);
  const type = text(data, 'type') ?? 'note';
  if (!(cardTypes as readonly string[]).includes(type))
    throw new FrontMatterError(`"type" must be one of ${cardTypes.join(', ')}, not "${type}"`);
  const tags = texts(data, 'tags') ?? [];
  const authors = texts(data, 'authors');
  const year = data.year ?? undefined;
  if (year !== undefined && typeof year !== 'number') throw new FrontMatterError('"year" must be a number');
  const fields: CardFields = {};
  const assign = (key: 'front' | 'back' | 'doi' | 'url' | 'language') => {
    const value = text(data, key);
    if (value !== undefined) fields[key] = value;
  };
  (['front', 'back', 'doi', 'url', 'language'] as const).forEach(assign);
  if (authors !== undefined) fields.authors = authors;
  if (year !== undefined) fields.year = year;
  const title =
    text(data, 'title') ?? /^#[ \t]+(.+)$/m.exec(body)?.[1] ?? name.replace(/\.(md|markdown)$/i, '');
  return { title: title.trim(), type: type as CardType, tags, fields, body };
}
