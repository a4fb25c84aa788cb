import fs from 'node:fs/promises';
import path from 'node:path';
import {
  cardLimits,
  isLinkableTitle,
  normalizeTag,
  parseCloze,
  parseWikiLinks,
} from '../../contracts/card-text.ts';
import { cardTypes, type CardFields, type CardType } from '../../contracts/cards.ts';

/**
 * The demo content that `npm start` seeds into an empty database: Markdown cards in `demo-cards/` (one file
 * per card) and their authors in `demo-users.json`.
 *
 * Each card file starts with front matter in a small YAML subset, read here without a YAML library:
 *
 *   ---
 *   title: Matrix factorisation for collaborative filtering
 *   type: note
 *   tags: [recsys, recsys/collaborative-filtering]
 *   author: ada_l
 *   ---
 *   Body in GitHub-flavoured Markdown …
 *
 * - one `key: value` per line; keys are letters, digits, `_` and `-`; blank lines and `# comments` are skipped;
 * - a value is a number (`2009`), a plain string (`https://example.org/a:b`, which may hold a colon but not
 *   `: ` or ` #`, as in YAML), a "double-quoted" string (with `\"`, `\\`, `\n`, `\t` and `\uXXXX` escapes) or a
 *   'single-quoted' one (`''` for a quote), or a flow list of those (`[a, "b, c", 3]`), which may run over
 *   several lines (Prettier breaks long lists that way);
 * - `true`, `false` and `null` are plain strings here; nested maps, block lists and multi-line strings are
 *   not part of the subset and are refused with the line number.
 */

export const DEMO_CARDS_DIR = path.join(import.meta.dirname, 'demo-cards');
export const DEMO_USERS_FILE = path.join(import.meta.dirname, 'demo-users.json');

export const CARD_TYPES = cardTypes;
export type { CardType };

/**
 * The five areas of the demo content. A card's area is the first segment of its first tag (`recsys/evaluation`
 * → `recsys`), so every card lists a tag of its own area first.
 */
export const DEMO_AREAS = ['ml', 'recsys', 'algorithms', 'programming', 'study'] as const;
export type DemoArea = (typeof DEMO_AREAS)[number];

/** The app's limits (contracts/card-text.ts), plus the length the demo notes keep to. */
export const CARD_LIMITS = {
  titleMaxChars: cardLimits.title.max,
  bodyMaxChars: cardLimits.body.max,
  maxTags: cardLimits.tags.max,
  noteMinWords: 150,
  noteMaxWords: 600,
} as const;

export type FrontMatterScalar = string | number;
export type FrontMatterValue = FrontMatterScalar | FrontMatterScalar[];
export type FrontMatter = Record<string, FrontMatterValue>;

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

type CommonFields = { file: string; title: string; tags: string[]; author: string; body: string };
export type DemoCard = CommonFields &
  (
    | { type: 'note' }
    | { type: 'cloze' }
    | { type: 'flashcard'; front: string; back: string }
    | { type: 'code'; language: string }
    | { type: 'paper'; authors: string[]; year: number; url: string; doi?: string }
    | { type: 'link'; url: string }
  );

export type DemoUser = { handle: string; name: string; bio: string; email: string };

export type CardLink = { target: string; label?: string };

const FENCE = /^---[ \t]*$/;
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/;
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
const TAG = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;
const HANDLE = /^[A-Za-z0-9_]{3,30}$/;

/** Splits a Markdown file into its front matter and body; throws a FrontMatterError that names the line. */
export function parseFrontMatter(text: string): { data: FrontMatter; body: string } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (!FENCE.test(lines[0] ?? '')) {
    throw new FrontMatterError('Front matter must start with a line "---" on line 1');
  }
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) {
    throw new FrontMatterError('Front matter opened on line 1 is never closed: add a line "---" after it');
  }

  const data: FrontMatter = {};
  for (let index = 1; index < end; index++) {
    const line = lines[index] ?? '';
    const lineNumber = index + 1;
    if (/^\s*(#.*)?$/.test(line)) continue;
    const match = KEY_LINE.exec(line);
    if (!match) {
      throw new FrontMatterError(`Line ${lineNumber}: expected "key: value", found "${line.trim()}"`);
    }
    const key = match[1] as string;
    if (Object.hasOwn(data, key)) throw new FrontMatterError(`Line ${lineNumber}: "${key}" is given twice`);
    let raw = (match[2] ?? '').trim();

    // A flow list may run over several lines, and Prettier puts a long one on the lines after its key.
    if (raw === '' || raw.startsWith('#')) {
      const next = lines[index + 1] ?? '';
      if (index + 1 < end && /^[ \t]+\[/.test(next)) {
        raw = '';
      } else {
        throw new FrontMatterError(`Line ${lineNumber}: "${key}" has no value`);
      }
    }
    if (raw === '' || raw.startsWith('[')) {
      let source = raw;
      while (!flowListIsClosed(source)) {
        index++;
        if (index >= end) {
          throw new FrontMatterError(`Line ${lineNumber}: the list for "${key}" is never closed with "]"`);
        }
        source += '\n' + (lines[index] ?? '').trim();
      }
      data[key] = parseFlowList(source.trim(), lineNumber);
    } else {
      data[key] = parseScalarValue(raw, lineNumber);
    }
  }

  const body = lines
    .slice(end + 1)
    .join('\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  return { data, body };
}

/** True once every `[` opened outside quotes has been closed. */
function flowListIsClosed(source: string): boolean {
  if (source === '') return false;
  let depth = 0;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quote === '"') {
      if (char === '\\') i++;
      else if (char === '"') quote = undefined;
    } else if (quote === "'") {
      if (char === "'" && source[i + 1] === "'") i++;
      else if (char === "'") quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '[') {
      depth++;
    } else if (char === ']') {
      depth--;
      if (depth === 0) return true;
    }
  }
  return false;
}

/** A whole value on one line: a quoted string, a number or a plain string, with an optional `# comment`. */
function parseScalarValue(raw: string, line: number): FrontMatterScalar {
  const { value, rest } = readScalar(raw, 0, line, 'value');
  const tail = raw.slice(rest).trim();
  if (tail !== '' && !tail.startsWith('#')) {
    throw new FrontMatterError(`Line ${line}: unexpected "${tail}" after the value`);
  }
  return value;
}

function parseFlowList(source: string, line: number): FrontMatterScalar[] {
  const items: FrontMatterScalar[] = [];
  let i = 1; // after "["
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source[i] as string)) i++;
  };
  skipSpace();
  if (source[i] === ']') {
    i++;
  } else {
    for (;;) {
      skipSpace();
      if (source[i] === ']') {
        i++; // a trailing comma, which YAML allows
        break;
      }
      const { value, rest } = readScalar(source, i, line, 'list');
      if (value === '') throw new FrontMatterError(`Line ${line}: a list has an empty item`);
      items.push(value);
      i = rest;
      skipSpace();
      if (source[i] === ',') {
        i++;
      } else if (source[i] === ']') {
        i++;
        break;
      } else {
        throw new FrontMatterError(`Line ${line}: expected "," or "]" in a list, found "${source[i] ?? ''}"`);
      }
    }
  }
  const tail = source.slice(i).trim();
  if (tail !== '' && !tail.startsWith('#')) {
    throw new FrontMatterError(`Line ${line}: unexpected "${tail}" after the list`);
  }
  return items;
}

/** Reads one scalar starting at `start`; `context` says whether it stands alone or inside a flow list. */
function readScalar(
  source: string,
  start: number,
  line: number,
  context: 'value' | 'list',
): { value: FrontMatterScalar; rest: number } {
  const first = source[start];
  if (first === '"') return readDoubleQuoted(source, start, line);
  if (first === "'") return readSingleQuoted(source, start, line);
  if (first !== undefined && '[]{}&*!|>%@`,'.includes(first)) {
    throw new FrontMatterError(
      `Line ${line}: a value starting with "${first}" must be quoted (this front matter has no such YAML)`,
    );
  }
  let end = start;
  while (end < source.length) {
    const char = source[end] as string;
    if (context === 'list' && (char === ',' || char === ']' || char === '[')) break;
    if (char === '#' && end > start && /\s/.test(source[end - 1] as string)) break;
    if (char === ':' && (end + 1 === source.length || /[\s,\]]/.test(source[end + 1] as string))) {
      throw new FrontMatterError(`Line ${line}: quote a value that contains ": " (a colon and a space)`);
    }
    if (char === '\n' && context === 'value') break;
    end++;
  }
  const text = source.slice(start, end).trim();
  return { value: NUMBER.test(text) ? Number(text) : text, rest: end };
}

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
};

function readDoubleQuoted(source: string, start: number, line: number) {
  let value = '';
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i] as string;
    if (char === '"') return { value, rest: i + 1 };
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (next === 'u' && /^[0-9A-Fa-f]{4}$/.test(source.slice(i + 2, i + 6))) {
        value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
        i += 5;
      } else if (next in ESCAPES) {
        value += ESCAPES[next];
        i++;
      } else {
        throw new FrontMatterError(`Line ${line}: unknown escape "\\${next}" in a double-quoted string`);
      }
    } else if (char === '\n') {
      value += ' '; // a quoted string folded over lines inside a list
    } else {
      value += char;
    }
  }
  throw new FrontMatterError(`Line ${line}: a double-quoted string is never closed`);
}

function readSingleQuoted(source: string, start: number, line: number) {
  let value = '';
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i] as string;
    if (char === "'") {
      if (source[i + 1] === "'") {
        value += "'";
        i++;
        continue;
      }
      return { value, rest: i + 1 };
    }
    value += char === '\n' ? ' ' : char;
  }
  throw new FrontMatterError(`Line ${line}: a single-quoted string is never closed`);
}

/** A demo tag is lowercase ASCII, digits, `-` and `/`, and already in the form the app stores it in. */
export function isValidTag(tag: string): boolean {
  return TAG.test(tag) && normalizeTag(tag) === tag;
}

/** The area a card belongs to: the first segment of its first tag, or undefined when that is not an area. */
export function demoCardArea(card: Pick<DemoCard, 'tags'>): DemoArea | undefined {
  const segment = card.tags[0]?.split('/')[0];
  return (DEMO_AREAS as readonly string[]).includes(segment ?? '') ? (segment as DemoArea) : undefined;
}

const ALLOWED_KEYS: Record<CardType, readonly string[]> = {
  note: [],
  cloze: [],
  flashcard: ['front', 'back'],
  code: ['language'],
  paper: ['authors', 'year', 'doi', 'url'],
  link: ['url'],
};

/** Checks the fields a card of its type needs and returns the typed card; `file` names it in errors. */
export function toDemoCard(file: string, data: FrontMatter, body: string): DemoCard {
  const fail = (message: string): never => {
    throw new FrontMatterError(`${file}: ${message}`);
  };
  const string = (key: string): string => {
    const value = data[key];
    if (typeof value !== 'string' || value.trim() === '') fail(`"${key}" must be a non-empty string`);
    return (value as string).trim();
  };
  const list = (key: string): string[] => {
    const value = data[key];
    if (!Array.isArray(value) || value.length === 0) fail(`"${key}" must be a non-empty list`);
    return (value as FrontMatterScalar[]).map(String);
  };
  const url = (key: string): string => {
    const value = string(key);
    if (!/^https?:\/\/\S+$/.test(value)) fail(`"${key}" must be an http(s) address`);
    return value;
  };

  const type = string('type');
  if (!(CARD_TYPES as readonly string[]).includes(type)) {
    fail(`"type" must be one of ${CARD_TYPES.join(', ')}, not "${type}"`);
  }
  const cardType = type as CardType;
  const allowed = ['title', 'type', 'tags', 'author', ...ALLOWED_KEYS[cardType]];
  for (const key of Object.keys(data)) {
    if (!allowed.includes(key)) fail(`"${key}" is not a field of a ${cardType} card`);
  }

  const title = string('title');
  if (title.length > CARD_LIMITS.titleMaxChars)
    fail(`the title is over ${CARD_LIMITS.titleMaxChars} characters`);
  if (!isLinkableTitle(title)) fail('a title cannot hold [, ] or |, so that [[links]] can name it');
  const tags = list('tags');
  if (tags.length > CARD_LIMITS.maxTags) fail(`at most ${CARD_LIMITS.maxTags} tags`);
  for (const tag of tags) if (!isValidTag(tag)) fail(`the tag "${tag}" is not lowercase a-z, 0-9, - and /`);
  const author = string('author');
  if (!HANDLE.test(author)) fail(`"${author}" is not a handle`);
  if (body.trim() === '') fail('the body is empty');
  if (body.length > CARD_LIMITS.bodyMaxChars) fail(`the body is over ${CARD_LIMITS.bodyMaxChars} characters`);

  const common: CommonFields = { file, title, tags, author, body };
  switch (cardType) {
    case 'note':
    case 'cloze':
      if (cardType === 'cloze' && parseCloze(body).length === 0)
        fail('a cloze card needs a {{c1::…}} deletion');
      return { ...common, type: cardType };
    case 'flashcard':
      return { ...common, type: 'flashcard', front: string('front'), back: string('back') };
    case 'code':
      return { ...common, type: 'code', language: string('language') };
    case 'link':
      return { ...common, type: 'link', url: url('url') };
    case 'paper': {
      const year = data.year;
      if (typeof year !== 'number' || !Number.isInteger(year)) fail('"year" must be a whole number');
      const paper = {
        ...common,
        type: 'paper' as const,
        authors: list('authors'),
        year: year as number,
        url: url('url'),
      };
      return data.doi === undefined ? paper : { ...paper, doi: string('doi') };
    }
  }
}

/** The type-specific fields of a card in the shape the cards API stores them (`CardFields`). */
export function demoCardFields(card: DemoCard): CardFields {
  switch (card.type) {
    case 'flashcard':
      return { front: card.front, back: card.back };
    case 'code':
      return { language: card.language };
    case 'paper':
      return {
        authors: card.authors,
        year: card.year,
        url: card.url,
        ...(card.doi ? { doi: card.doi } : {}),
      };
    case 'link':
      return { url: card.url };
    case 'note':
    case 'cloze':
      return {};
  }
}

/** Every `*.md` card in `dir`, sorted by file name; a file that does not parse throws with its name. */
export async function readDemoCards(dir: string = DEMO_CARDS_DIR): Promise<DemoCard[]> {
  const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await fs.readFile(path.join(dir, file), 'utf8');
      let parsed: ReturnType<typeof parseFrontMatter>;
      try {
        parsed = parseFrontMatter(text);
      } catch (error) {
        throw new FrontMatterError(`${file}: ${(error as Error).message}`, { cause: error });
      }
      return toDemoCard(file, parsed.data, parsed.body);
    }),
  );
}

/** The demo authors; each needs a handle, a name, a bio and an email. */
export async function readDemoUsers(file: string = DEMO_USERS_FILE): Promise<DemoUser[]> {
  const users: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
  if (!Array.isArray(users)) throw new Error(`${path.basename(file)}: expected a list of users`);
  return users.map((user: unknown, index) => {
    const record = (user ?? {}) as Record<string, unknown>;
    for (const key of ['handle', 'name', 'bio', 'email']) {
      if (typeof record[key] !== 'string' || record[key] === '') {
        throw new Error(`${path.basename(file)}: user ${index + 1} has no "${key}"`);
      }
    }
    return { handle: record.handle, name: record.name, bio: record.bio, email: record.email } as DemoUser;
  });
}

/** Removes fenced code blocks and inline code spans, leaving the prose (for counting words, say). */
export function stripCode(markdown: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) {
      if (marker) fence = marker;
      else kept.push(line);
    } else if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
      fence = undefined;
    }
  }
  return kept.join('\n').replace(/(`+)(?:(?!\1)[^\n])+?\1/g, '');
}

/**
 * The `[[Title]]` and `[[Title|label]]` links in a body, as the app reads them (`parseWikiLinks`: nothing in
 * code or math counts). Match targets to titles with `normalizeTitle` from contracts/card-text.ts.
 */
export function extractLinks(markdown: string): CardLink[] {
  return parseWikiLinks(markdown).map(({ title, label }) =>
    label ? { target: title, label } : { target: title },
  );
}
