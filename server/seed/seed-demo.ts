import { normalizeTitle, parseWikiLinks } from '../../contracts/card-text.ts';
import type { Orm } from '../db/client.ts';
import { createCards } from '../modules/cards/index.ts';
import { installCourse } from '../modules/classroom/index.ts';
import { installResearchTopics } from '../modules/research/index.ts';
import { seedDemoBlog } from './demo-blog.ts';
import { seedDemoChannels } from './demo-confer.ts';
import { demoCardFields, readDemoCards, readDemoUsers, type DemoCard } from './demo-content.ts';
import { loadDemoCourses } from './demo-courses.ts';
import { loadResearchTopics } from './research-topics.ts';
import { createSeedRepository } from './repository.ts';

const SEEDED = 'demo-content-seeded';
/** Separate from the cards' mark, so a site seeded before Confer had demo channels gets them too. */
const CHANNELS_SEEDED = 'demo-channels-seeded';

/** A small stable hash, so the demo likes and dates are the same on every machine. */
function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 16777619);
  return value >>> 0;
}

/**
 * Seeds the demo authors and their public cards once, through the same service people use, so counters,
 * versions, links and reputation are all real. A run cut short resumes where it stopped: every step skips
 * what exists. Returns the number of cards created by this run.
 */
export async function seedDemoContent(orm: Orm, log: { info: (message: string) => void }): Promise<number> {
  const seed = createSeedRepository(orm);
  if (await seed.isDone(SEEDED)) {
    await seedChannelsOnce(orm, log);
    await seedCourses(orm, log);
    await seedResearch(orm, log);
    await seedBlog(orm, log);
    return 0;
  }
  const service = createCards(orm);
  const [authors, demoCards] = await Promise.all([readDemoUsers(), readDemoCards()]);

  const keyOf = new Map<string, string>();
  for (const author of authors) keyOf.set(author.handle, await seed.ensureAuthor(author));

  let created = 0;
  const ids = new Map<string, { id: string; authorKey: string }>();
  for (const card of demoCards) {
    const authorKey = keyOf.get(card.author)!;
    const { id, isNew } = await ensureDemoCard(orm, authorKey, card);
    if (isNew) created++;
    ids.set(normalizeTitle(card.title), { id, authorKey });
  }

  // Cards link to cards published after them: resolve every link now that all exist.
  for (const card of demoCards) {
    const source = ids.get(normalizeTitle(card.title))!;
    const targets = parseWikiLinks(card.body).flatMap((link) => {
      const target = ids.get(normalizeTitle(link.title));
      return target ? [target.id] : [];
    });
    await seed.setWikiLinks(source.id, targets);
  }

  // Demo authors like some of each other's cards, so Trending has something to rank.
  for (const author of authors) {
    const readerKey = keyOf.get(author.handle)!;
    for (const card of demoCards) {
      const target = ids.get(normalizeTitle(card.title))!;
      if (target.authorKey !== readerKey && hash(`${author.handle}:${card.title}`) % 3 === 0)
        await service.setLike(target.id, readerKey, true);
    }
  }

  await seed.markDone(SEEDED);
  log.info(`Demo content: ${demoCards.length} cards by ${authors.length} authors (${created} added now)`);
  await seedChannelsOnce(orm, log);
  await seedCourses(orm, log);
  await seedResearch(orm, log);
  await seedBlog(orm, log);
  return created;
}

/** A demo card of its author's, published through the cards service the first time. */
async function ensureDemoCard(
  orm: Orm,
  authorKey: string,
  card: DemoCard,
): Promise<{ id: string; isNew: boolean }> {
  const seed = createSeedRepository(orm);
  const found = await seed.findCardId(authorKey, card.title);
  if (found) return { id: found, isNew: false };
  const service = createCards(orm);
  const draft = await service.create(authorKey, { title: card.title, type: card.type });
  await service.saveDraft(draft.cardId, authorKey, {
    title: card.title,
    body: card.body,
    type: card.type,
    fields: demoCardFields(card),
    tags: card.tags,
    coverURL: null,
    visibility: 'public',
    typedLinks: [],
    baseRevision: draft.revision,
  });
  await service.publish(draft.cardId, authorKey);
  await seed.backdate(draft.cardId, (hash(card.title) % 4000) / 100);
  return { id: draft.cardId, isNew: true };
}

/**
 * The research centre's demo topics, each installed once with its reading lists. A site seeded before the
 * research centre had them gets the topics' paper cards first; demo authors queue some of the papers.
 */
async function seedResearch(orm: Orm, log: { info: (message: string) => void }): Promise<void> {
  const seed = createSeedRepository(orm);
  const [authors, demoCards, topics] = await Promise.all([
    readDemoUsers(),
    readDemoCards(),
    loadResearchTopics(),
  ]);
  const keyOf = new Map<string, string>();
  for (const author of authors) keyOf.set(author.handle, await seed.ensureAuthor(author));
  for (const topic of topics) {
    const name = (card: DemoCard) => card.file.replace(/\.md$/, '');
    const papers = demoCards.filter(
      (card) =>
        card.type === 'paper' &&
        (card.tags.some((tag) => topic.tags.includes(tag)) ||
          topic.lists.some((list) => list.items.some((item) => item.paper === name(card)))),
    );
    const idOf = new Map<string, string>();
    for (const card of papers)
      idOf.set(name(card), (await ensureDemoCard(orm, keyOf.get(card.author)!, card)).id);
    const installed = await installResearchTopics(orm, {
      slug: topic.slug,
      title: topic.title,
      introduction: topic.introduction,
      tags: topic.tags,
      courses: topic.courses,
      links: topic.links,
      editorKey: keyOf.get(topic.editor)!,
      lists: topic.lists.map((list) => ({
        slug: list.slug,
        title: list.title,
        description: list.description,
        items: list.items.map((item) => ({ cardId: idOf.get(item.paper)!, note: item.note })),
      })),
      queues: authors.flatMap((author) =>
        papers
          .filter((card) => hash(`${author.handle}:queue:${name(card)}`) % 3 === 0)
          .map((card) => ({ profileKey: keyOf.get(author.handle)!, cardId: idOf.get(name(card))! })),
      ),
    });
    if (installed) log.info(`Demo content: the research topic “${topic.title}” installed`);
  }
}

/** The demo blog posts, once, by demo authors. */
async function seedBlog(orm: Orm, log: { info: (message: string) => void }): Promise<void> {
  const seed = createSeedRepository(orm);
  const keyOf = new Map<string, string>();
  for (const author of await readDemoUsers()) keyOf.set(author.handle, await seed.ensureAuthor(author));
  await seedDemoBlog(
    orm,
    (handle) => {
      const key = keyOf.get(handle);
      if (!key) throw new Error(`A demo blog post names someone who is not a demo author: ${handle}`);
      return key;
    },
    log,
  );
}

/** The demo courses, each installed once (a course whose slug exists is left as its instructors made it). */
async function seedCourses(orm: Orm, log: { info: (message: string) => void }): Promise<void> {
  for (const course of await loadDemoCourses()) {
    const { dir: _dir, lessons, ...source } = course;
    const installed = await installCourse(orm, {
      source,
      lessons: lessons.map((lesson) => ({
        source: {
          slug: lesson.slug,
          title: lesson.title,
          requires: lesson.requires,
          cards: lesson.cards,
          body: lesson.body,
        },
        quiz: lesson.quiz,
      })),
    });
    if (installed) log.info(`Demo content: the course “${course.title}” installed`);
  }
}

/** Confer's demo channels, talking about the demo cards (which exist by now), once. */
async function seedChannelsOnce(orm: Orm, log: { info: (message: string) => void }): Promise<void> {
  const seed = createSeedRepository(orm);
  if (await seed.isDone(CHANNELS_SEEDED)) return;
  const [authors, demoCards] = await Promise.all([readDemoUsers(), readDemoCards()]);
  const keyOf = new Map<string, string>();
  for (const author of authors) keyOf.set(author.handle, await seed.ensureAuthor(author));
  const cardIds = new Map<string, string>();
  for (const card of demoCards) {
    const id = await seed.findCardId(keyOf.get(card.author)!, card.title);
    if (id) cardIds.set(normalizeTitle(card.title), id);
  }
  const made = await seedDemoChannels(
    orm,
    (handle) => {
      const key = keyOf.get(handle);
      if (!key) throw new Error(`The demo channels name someone who is not a demo author: ${handle}`);
      return key;
    },
    (title) => cardIds.get(normalizeTitle(title)),
  );
  await seed.markDone(CHANNELS_SEEDED);
  log.info(`Demo content: ${made} Confer channels added`);
}
