import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCards, readDemoUsers, stripCode, type DemoCard } from './demo-content.ts';
import { loadResearchTopics, type ResearchTopicSeed } from './research-topics.ts';

// The research centre's demo topics and the paper cards they are built from: every list names a real paper
// card, every paper carries a full record, and the papers cite each other so "Cited by" has something to show.

type Paper = Extract<DemoCard, { type: 'paper' }>;

const COURSES_DIR = path.join(import.meta.dirname, 'courses');
const words = (markdown: string) => stripCode(markdown).split(/\s+/).filter(Boolean).length;
const fileOf = (paper: string) => `${paper}.md`;
/** A card belongs to a topic when it carries one of the topic's tags, or a tag beneath one. */
const inTopic = (card: DemoCard, topic: ResearchTopicSeed) =>
  card.tags.some((tag) => topic.tags.some((t) => tag === t || tag.startsWith(`${t}/`)));

let topics: ResearchTopicSeed[];
let cards: DemoCard[];
let papers: Paper[];
let byFile: Map<string, DemoCard>;

beforeAll(async () => {
  topics = await loadResearchTopics();
  cards = await readDemoCards();
  papers = cards.filter((card): card is Paper => card.type === 'paper');
  byFile = new Map(cards.map((card) => [card.file, card]));
});

const topic = (slug: string) => topics.find((t) => t.slug === slug)!;
const topicPapers = (t: ResearchTopicSeed) => papers.filter((paper) => inTopic(paper, t));

describe('research topics', () => {
  it('are the two demo topics, edited by demo authors', async () => {
    const handles = new Set((await readDemoUsers()).map((user) => user.handle));
    expect(topics.map((t) => [t.slug, t.editor])).toEqual([
      ['recommender-systems', 'ada_l'],
      ['spaced-repetition', 'sofia_m'],
    ]);
    for (const t of topics) expect(handles.has(t.editor), t.editor).toBe(true);
  });

  it('have an introduction of 150 to 300 words', () => {
    for (const t of topics) {
      expect(words(t.introduction), t.slug).toBeGreaterThanOrEqual(150);
      expect(words(t.introduction), t.slug).toBeLessThanOrEqual(300);
    }
  });

  it('list only demo cards of type paper, each with a note, and every listed paper is in its topic', () => {
    const problems: string[] = [];
    for (const t of topics) {
      for (const list of t.lists) {
        for (const item of list.items) {
          const card = byFile.get(fileOf(item.paper));
          if (!card) problems.push(`${t.slug}/${list.slug}: no card ${item.paper}`);
          else if (card.type !== 'paper')
            problems.push(`${t.slug}/${list.slug}: ${item.paper} is a ${card.type}`);
          else if (!inTopic(card, t))
            problems.push(`${t.slug}/${list.slug}: ${item.paper} has none of its tags`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('recommender systems: three lists of 5 to 8 papers and at least 20 papers in the topic', () => {
    const recsys = topic('recommender-systems');
    expect(recsys.lists.map((list) => list.slug)).toEqual(['foundations', 'deep-learning', 'sequential']);
    for (const list of recsys.lists) {
      expect(list.items.length, list.slug).toBeGreaterThanOrEqual(5);
      expect(list.items.length, list.slug).toBeLessThanOrEqual(8);
    }
    expect(topicPapers(recsys).length).toBeGreaterThanOrEqual(20);
    expect(recsys.courses).toEqual(['modern-recommendation-systems']);
  });

  it('spaced repetition: two lists, 8 to 10 papers, and a link to Play', () => {
    const spaced = topic('spaced-repetition');
    expect(spaced.lists).toHaveLength(2);
    expect(topicPapers(spaced).length).toBeGreaterThanOrEqual(8);
    expect(topicPapers(spaced).length).toBeLessThanOrEqual(10);
    expect(spaced.links).toEqual([{ label: 'Study in Play', href: '/play' }]);
  });

  it('link only to courses that exist', async () => {
    const courses = new Set(await fs.readdir(COURSES_DIR));
    for (const t of topics) for (const course of t.courses) expect(courses.has(course), course).toBe(true);
  });
});

describe('the papers of the topics', () => {
  it('carry a full record and a summary of at least 100 words', () => {
    const thin: string[] = [];
    for (const t of topics) {
      for (const paper of topicPapers(t)) {
        const missing = [
          paper.authors.length > 0 ? '' : 'authors',
          paper.year > 0 ? '' : 'year',
          paper.venue || paper.url ? '' : 'venue or url',
          paper.doi || paper.arxivId || paper.url ? '' : 'doi, arxivId or url',
          paper.tldr && paper.tldr.length <= 200 ? '' : 'a tldr of at most 200 characters',
          paper.citationKey ? '' : 'citationKey',
          words(paper.body) >= 100 ? '' : 'a body of 100 words',
        ].filter(Boolean);
        if (missing.length > 0) thin.push(`${paper.file}: ${missing.join(', ')}`);
      }
    }
    expect(thin).toEqual([]);
  });

  it('have unique citation keys and DOIs across all demo papers', () => {
    const repeated = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    expect(repeated(papers.flatMap((paper) => (paper.citationKey ? [paper.citationKey] : [])))).toEqual([]);
    expect(repeated(papers.flatMap((paper) => (paper.doi ? [paper.doi.toLowerCase()] : [])))).toEqual([]);
    expect(repeated(papers.flatMap((paper) => (paper.arxivId ? [paper.arxivId] : [])))).toEqual([]);
  });

  it('cite each other: at least three papers are cited by two demo papers or more, and none cites itself', () => {
    const cited = new Map<string, Set<string>>();
    for (const citing of papers) {
      for (const reference of citing.references ?? []) {
        const target = papers.find(
          (paper) =>
            (reference.doi !== undefined && paper.doi?.toLowerCase() === reference.doi.toLowerCase()) ||
            (reference.arxivId !== undefined && paper.arxivId === reference.arxivId),
        );
        if (!target) continue;
        expect(target, `${citing.file} cites itself`).not.toBe(citing);
        // A paper can only cite earlier work (or work of the same year).
        expect(target.year, `${citing.file} → ${target.file}`).toBeLessThanOrEqual(citing.year);
        cited.set(target.file, (cited.get(target.file) ?? new Set()).add(citing.file));
      }
    }
    const often = [...cited].filter(([, by]) => by.size >= 2).map(([file]) => file);
    expect(often.length, often.join(', ')).toBeGreaterThanOrEqual(3);
    // The hubs of the literature map, checked by hand against the reference lists.
    expect(cited.get('paper-bpr.md')?.size).toBe(8);
    expect([...(cited.get('paper-gru4rec.md') ?? [])].sort()).toEqual([
      'paper-bert4rec.md',
      'paper-caser.md',
      'paper-sasrec.md',
    ]);
  });
});

describe('loadResearchTopics', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const write = async (yaml: string) => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'topics-'));
    const file = path.join(dir, 'topics.yaml');
    await fs.writeFile(file, yaml);
    return file;
  };
  const topicYaml = (paper: string, extra = '') =>
    [
      '- slug: t',
      '  title: T',
      '  editor: ada_l',
      '  tags: [recsys]',
      '  introduction: Intro',
      '  courses: []',
      '  links: []',
      '  lists:',
      '    - slug: l',
      '      title: L',
      '      description: D',
      '      items:',
      `        - { paper: ${paper}, note: N }`,
      extra,
    ].join('\n');

  it('reads a valid file', async () => {
    const [only] = await loadResearchTopics(await write(topicYaml('paper-bpr')));
    expect(only).toEqual({
      slug: 't',
      title: 'T',
      editor: 'ada_l',
      tags: ['recsys'],
      introduction: 'Intro',
      courses: [],
      links: [],
      lists: [{ slug: 'l', title: 'L', description: 'D', items: [{ paper: 'paper-bpr', note: 'N' }] }],
    });
  });

  it('names the file and the place of a problem', async () => {
    await expect(loadResearchTopics(await write(topicYaml('bpr.md')))).rejects.toThrow(
      /^topics\.yaml: 0\.lists\.0\.items\.0\.paper: A paper is a demo card file name/,
    );
    await expect(
      loadResearchTopics(await write(topicYaml('paper-bpr', '        - { paper: paper-bpr, note: Again }'))),
    ).rejects.toThrow('topics.yaml: t/l: "paper-bpr" is listed twice');
    await expect(loadResearchTopics(await write('- slug: [unclosed'))).rejects.toThrow(/^topics\.yaml: /);
  });
});
