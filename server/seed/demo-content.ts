import fs from 'node:fs/promises';
import path from 'node:path';
import {
  cardLimits,
  isLinkableTitle,
  normalizeTag,
  parseCloze,
  parseWikiLinks,
} from '../../contracts/card-text.ts';
import { cardFieldsSchema, cardTypes, type CardFields, type CardType } from '../../contracts/cards.ts';
import { arxivIdSchema, doiSchema, type PaperReference } from '../../contracts/research.ts';
import type { z } from 'zod';
import {
  FrontMatterError,
  parseFrontMatter,
  type FrontMatter,
  type FrontMatterScalar,
  type FrontMatterValue,
} from '../lib/front-matter.ts';

/**
 * The demo content that `npm start` seeds into an empty database: Markdown cards in `demo-cards/` (one file
 * per card) and their authors in `demo-users.json`.
 *
 * Each card file starts with YAML front matter, read by `server/lib/front-matter.ts`:
 *
 *   ---
 *   title: Matrix factorisation for collaborative filtering
 *   type: note
 *   tags: [recsys, recsys/collaborative-filtering]
 *   author: ada_l
 *   ---
 *   Body in GitHub-flavoured Markdown …
 *
 * The cards keep to flat `key: value` lines: strings (quoted when they hold `: ` or ` #`), whole numbers and
 * flow lists, which Prettier breaks over several lines when they are long. `toDemoCard` checks the keys and
 * types each card type allows.
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

type CommonFields = { file: string; title: string; tags: string[]; author: string; body: string };
export type { FrontMatter, FrontMatterScalar, FrontMatterValue };
export { FrontMatterError, parseFrontMatter };

export type DemoCard = CommonFields &
  (
    | { type: 'note' }
    | { type: 'cloze' }
    | { type: 'flashcard'; front: string; back: string }
    | { type: 'code'; language: string }
    | ({ type: 'paper'; authors: string[]; year: number; url: string } & PaperRecord)
    | { type: 'link'; url: string }
  );

/** A demo paper's optional bibliographic fields, as `cardFieldsSchema` stores them. */
export type PaperRecord = {
  doi?: string;
  venue?: string;
  arxivId?: string;
  codeUrl?: string;
  tldr?: string;
  citationKey?: string;
  references?: PaperReference[];
};

export type DemoUser = { handle: string; name: string; bio: string; email: string };

export type CardLink = { target: string; label?: string };

const TAG = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;
const HANDLE = /^[A-Za-z0-9_]{3,30}$/;

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
  paper: [
    'authors',
    'year',
    'doi',
    'url',
    'venue',
    'arxivId',
    'codeUrl',
    'tldr',
    'citationKey',
    'references',
  ],
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
  // Paper fields are checked by the contract's own schemas, so a demo card cannot hold what the API refuses.
  const valid = (key: string, value: string, schema: z.ZodType<string | undefined>): string => {
    const result = schema.safeParse(value);
    if (!result.success) fail(`"${key}" ${JSON.stringify(value)}: ${result.error.issues[0]?.message}`);
    return value;
  };
  const optional = (key: string, schema: z.ZodType<string | undefined>): string | undefined =>
    data[key] === undefined ? undefined : valid(key, string(key), schema);
  const references = (): PaperReference[] | undefined => {
    if (data.references === undefined) return undefined;
    const seen = new Set<string>();
    return list('references').map((entry) => {
      const id = entry.trim();
      if (seen.has(id.toLowerCase())) fail(`the reference "${id}" is listed twice`);
      seen.add(id.toLowerCase());
      // `arXiv:1205.2618` names a paper by its arXiv id; anything else must be a DOI.
      const arxiv = /^arxiv:(.*)$/i.exec(id)?.[1];
      return arxiv === undefined
        ? { doi: valid('references', id, doiSchema) }
        : { arxivId: valid('references', arxiv, arxivIdSchema) };
    });
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
      const record: PaperRecord = {
        doi: optional('doi', doiSchema),
        venue: optional('venue', cardFieldsSchema.shape.venue),
        arxivId: optional('arxivId', arxivIdSchema),
        codeUrl: data.codeUrl === undefined ? undefined : url('codeUrl'),
        tldr: optional('tldr', cardFieldsSchema.shape.tldr),
        citationKey: optional('citationKey', cardFieldsSchema.shape.citationKey),
        references: references(),
      };
      const present = Object.fromEntries(
        Object.entries(record).filter(([, value]) => value !== undefined),
      ) as PaperRecord;
      return {
        ...common,
        type: 'paper',
        authors: list('authors'),
        year: year as number,
        url: url('url'),
        ...present,
      };
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
        ...(card.venue ? { venue: card.venue } : {}),
        ...(card.arxivId ? { arxivId: card.arxivId } : {}),
        ...(card.codeUrl ? { codeUrl: card.codeUrl } : {}),
        ...(card.tldr ? { tldr: card.tldr } : {}),
        ...(card.citationKey ? { citationKey: card.citationKey } : {}),
        ...(card.references ? { references: card.references } : {}),
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
