import fs from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeTitle, parseCloze } from '../../contracts/card-text.ts';
import { cardFieldsSchema } from '../../contracts/cards.ts';
import { publishProblems } from '../modules/cards/service.ts';
import {
  CARD_LIMITS,
  CARD_TYPES,
  DEMO_AREAS,
  DEMO_CARDS_DIR,
  demoCardArea,
  demoCardFields,
  extractLinks,
  isValidTag,
  readDemoCards,
  readDemoUsers,
  stripCode,
  type CardType,
  type DemoArea,
  type DemoCard,
  type DemoUser,
} from './demo-content.ts';

// The demo content seeded on first run. A card's area is the first segment of its first tag (see demoCardArea):
// ml, recsys, algorithms, programming or study.

const MIN_CARDS = 60;
const MIN_PER_AREA = 12;
const MIN_PER_TYPE: Record<CardType, number> = {
  note: 0,
  flashcard: 8,
  cloze: 5,
  code: 6,
  paper: 6,
  link: 3,
};

const key = normalizeTitle;
const proseWords = (body: string) => stripCode(body).split(/\s+/).filter(Boolean).length;

let cards: DemoCard[];
let users: DemoUser[];
let byTitle: Map<string, DemoCard>;

beforeAll(async () => {
  cards = await readDemoCards();
  users = await readDemoUsers();
  byTitle = new Map(cards.map((card) => [key(card.title), card]));
});

describe('demo cards', () => {
  it('every Markdown file parses into a card, with a kebab-case name', async () => {
    const files = (await fs.readdir(DEMO_CARDS_DIR)).sort();
    expect(
      files.every((file) => file.endsWith('.md')),
      'only .md files in demo-cards/',
    ).toBe(true);
    expect(cards.map((card) => card.file)).toEqual(files);
    for (const file of files) expect(file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.md$/);
  });

  it(`there are at least ${MIN_CARDS} of them, notes first, and enough of every other type`, () => {
    expect(cards.length).toBeGreaterThanOrEqual(MIN_CARDS);
    const counts = Object.fromEntries(CARD_TYPES.map((type) => [type, 0])) as Record<CardType, number>;
    for (const card of cards) counts[card.type]++;
    for (const type of CARD_TYPES) expect(counts[type], type).toBeGreaterThanOrEqual(MIN_PER_TYPE[type]);
    for (const type of CARD_TYPES) if (type !== 'note') expect(counts.note).toBeGreaterThan(counts[type]);
  });

  it(`every area has at least ${MIN_PER_AREA} cards`, () => {
    const perArea = new Map<DemoArea, number>(DEMO_AREAS.map((area) => [area, 0]));
    for (const card of cards) {
      const area = demoCardArea(card);
      expect(area, `${card.file}: the first tag "${card.tags[0]}" names no area`).toBeDefined();
      perArea.set(area!, perArea.get(area!)! + 1);
    }
    for (const [area, count] of perArea) expect(count, area).toBeGreaterThanOrEqual(MIN_PER_AREA);
  });

  it('titles are unique (ignoring case) and 1 to 120 characters', () => {
    expect(byTitle.size).toBe(cards.length);
    for (const card of cards) {
      expect(card.title.length).toBeGreaterThanOrEqual(1);
      expect(card.title.length).toBeLessThanOrEqual(CARD_LIMITS.titleMaxChars);
      expect(card.title, `${card.file}: no [[, ]] or | in a title`).not.toMatch(/\[\[|\]\]|\|/);
    }
  });

  it('tags are lowercase paths, at most 10 per card, not repeated, and each is used by two cards or more', () => {
    const uses = new Map<string, number>();
    for (const card of cards) {
      expect(card.tags.length, card.file).toBeLessThanOrEqual(CARD_LIMITS.maxTags);
      expect(new Set(card.tags).size, `${card.file}: a tag is repeated`).toBe(card.tags.length);
      for (const tag of card.tags) {
        expect(isValidTag(tag), `${card.file}: ${tag}`).toBe(true);
        uses.set(tag, (uses.get(tag) ?? 0) + 1);
      }
    }
    const once = [...uses].filter(([, count]) => count < 2).map(([tag]) => tag);
    expect(once, 'tags used by a single card make empty-looking filters').toEqual([]);
  });

  it('every [[link]] outside code names an existing card, and no card links to itself', () => {
    const broken: string[] = [];
    for (const card of cards) {
      for (const link of extractLinks(card.body)) {
        const target = byTitle.get(key(link.target));
        if (!target) broken.push(`${card.file} → [[${link.target}]]`);
        else if (target === card) broken.push(`${card.file} links to itself`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every card links to at least two other cards', () => {
    const few = cards
      .map((card) => ({
        file: card.file,
        links: new Set(extractLinks(card.body).map((l) => key(l.target))).size,
      }))
      .filter(({ links }) => links < 2);
    expect(few).toEqual([]);
  });

  it('the web is connected, every card is linked to, and every area links into other areas', () => {
    const neighbours = new Map(cards.map((card) => [card, new Set<DemoCard>()]));
    const incoming = new Map(cards.map((card) => [card, 0]));
    const areasLinked = new Map<DemoArea, Set<DemoArea>>(DEMO_AREAS.map((area) => [area, new Set()]));
    for (const card of cards) {
      for (const link of extractLinks(card.body)) {
        const target = byTitle.get(key(link.target));
        if (!target || target === card) continue;
        neighbours.get(card)!.add(target);
        neighbours.get(target)!.add(card);
        incoming.set(target, incoming.get(target)! + 1);
        const [from, to] = [demoCardArea(card)!, demoCardArea(target)!];
        if (from !== to) areasLinked.get(from)!.add(to);
      }
    }

    const seen = new Set<DemoCard>([cards[0]!]);
    const queue = [cards[0]!];
    while (queue.length > 0) {
      for (const next of neighbours.get(queue.shift()!)!) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect(cards.filter((card) => !seen.has(card)).map((card) => card.file)).toEqual([]);
    expect(cards.filter((card) => incoming.get(card) === 0).map((card) => card.file)).toEqual([]);
    for (const [area, linked] of areasLinked) {
      expect(
        linked.size,
        `${area} links into ${[...linked].join(', ') || 'no other area'}`,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it('some cards mention another card by title without linking it, for "unlinked mentions"', () => {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const mentions: string[] = [];
    for (const card of cards) {
      const linked = new Set(extractLinks(card.body).map((link) => key(link.target)));
      const prose = stripCode(card.body).replace(/\[\[[^\]]*\]\]/g, ' ');
      for (const other of cards) {
        if (other === card || linked.has(key(other.title))) continue;
        if (new RegExp(`(^|[^\\w])${escape(other.title)}($|[^\\w])`, 'i').test(prose)) {
          mentions.push(`${card.file} mentions "${other.title}"`);
        }
      }
    }
    expect(mentions.length, mentions.join('\n')).toBeGreaterThanOrEqual(3);
  });

  it(`bodies are within limits: notes ${CARD_LIMITS.noteMinWords}–${CARD_LIMITS.noteMaxWords} words of prose`, () => {
    for (const card of cards) {
      expect(card.body.length, card.file).toBeLessThanOrEqual(CARD_LIMITS.bodyMaxChars);
      if (card.type === 'note') {
        const words = proseWords(card.body);
        expect(words, `${card.file}: words outside code`).toBeGreaterThanOrEqual(CARD_LIMITS.noteMinWords);
        expect(words, `${card.file}: words outside code`).toBeLessThanOrEqual(CARD_LIMITS.noteMaxWords);
      } else {
        expect(proseWords(card.body), `${card.file}: some words of context`).toBeGreaterThanOrEqual(20);
      }
    }
  });

  it('each type carries what it needs', () => {
    const thisYear = new Date().getFullYear();
    for (const card of cards) {
      switch (card.type) {
        case 'flashcard':
          expect(card.front, card.file).toMatch(/\?$/);
          expect(card.back.length, card.file).toBeGreaterThan(10);
          break;
        case 'cloze': {
          // Several deletions, numbered from 1 without gaps, so each makes its own review card.
          const indexes = [...new Set(parseCloze(card.body).map((deletion) => deletion.index))].sort(
            (a, b) => a - b,
          );
          expect(indexes.length, card.file).toBeGreaterThanOrEqual(2);
          expect(indexes, card.file).toEqual(indexes.map((_, i) => i + 1));
          break;
        }
        case 'code': {
          const fences = [...card.body.matchAll(/^```([a-z]+)\s*$/gm)].map((match) => match[1]);
          expect(fences, `${card.file}: a fenced block in ${card.language}`).toContain(card.language);
          break;
        }
        case 'paper':
          expect(card.year, card.file).toBeGreaterThanOrEqual(1800);
          expect(card.year, card.file).toBeLessThanOrEqual(thisYear);
          if (card.doi !== undefined) expect(card.doi, card.file).toMatch(/^10\.\d{4,9}\/\S+$/);
          expect(
            card.authors.every((name) => name.trim().length > 1),
            card.file,
          ).toBe(true);
          break;
        case 'link':
          expect(card.url, card.file).toMatch(/^https:\/\//);
          break;
        case 'note':
          break;
      }
      // Fenced code blocks carry a language tag, so they can be highlighted.
      const openings = [...card.body.matchAll(/^```(.*)$/gm)].map((match) => match[1]);
      for (let i = 0; i < openings.length; i += 2)
        expect(openings[i], `${card.file}: fence ${i / 2 + 1}`).not.toBe('');
      expect(openings.length % 2, `${card.file}: unclosed fence`).toBe(0);
    }
  });
});

describe('demo cards and the cards API', () => {
  it('every card would publish: fields fit the contract and nothing the builder asks for is missing', () => {
    for (const card of cards) {
      const fields = demoCardFields(card);
      expect(cardFieldsSchema.safeParse(fields).success, card.file).toBe(true);
      const content = {
        title: card.title,
        body: card.body,
        type: card.type,
        fields,
        tags: card.tags,
        coverURL: null,
      };
      expect(publishProblems(content), card.file).toEqual([]);
    }
  });
});

describe('demo users', () => {
  it('have unique handles, short names and bios, and reserved .invalid addresses', () => {
    expect(users.length).toBeGreaterThanOrEqual(5);
    expect(users.length).toBeLessThanOrEqual(7);
    expect(new Set(users.map((user) => user.handle.toLowerCase())).size).toBe(users.length);
    for (const user of users) {
      expect(user.handle).toMatch(/^[A-Za-z0-9_]{3,30}$/);
      expect(user.name.length).toBeLessThanOrEqual(50);
      expect(user.bio.length).toBeLessThanOrEqual(280);
      expect(user.email).toBe(`${user.handle}@demo.cardweb.invalid`);
    }
  });

  it('every card has a demo author, and every demo author has cards', () => {
    const handles = new Set(users.map((user) => user.handle));
    expect(cards.filter((card) => !handles.has(card.author)).map((card) => card.file)).toEqual([]);
    for (const handle of handles)
      expect(cards.filter((card) => card.author === handle).length, handle).toBeGreaterThan(0);
  });
});
