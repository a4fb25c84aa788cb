import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { benchCards } from '../../../bench/blog-builder.ts';
import {
  composeDraft,
  composeOutline,
  composeRevision,
  composerCannotFollow,
  instructionKind,
  readingOrder,
  splitSentences,
  type ComposerCard,
} from './composer.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const card = (n: number, title: string, body: string, tags: string[] = [], links: number[] = []) => ({
  id: id(n),
  title,
  body,
  tags,
  links: links.map(id),
});
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('splitSentences', () => {
  it('breaks after sentence ends before a capital, and keeps e.g. followed by lower case', () => {
    expect(splitSentences('A cat is an animal. It purrs! Does it? Yes, e.g. when fed. 3 cats.')).toEqual([
      'A cat is an animal.',
      'It purrs!',
      'Does it?',
      'Yes, e.g. when fed.',
      '3 cats.',
    ]);
    expect(splitSentences('')).toEqual([]);
  });
});

describe('readingOrder', () => {
  it('puts a card after the cards it links to, ties by title then id', () => {
    const cards = [
      card(1, 'Alpha', 'Uses [[Gamma]].'),
      card(2, 'Beta', 'Plain.', [], [1]),
      card(3, 'Gamma', 'Plain.'),
      card(4, 'Alpha', 'Another alpha.'),
    ];
    // Gamma has no links; Alpha(1) links Gamma; Beta links Alpha(1); Alpha(4) has none.
    expect(readingOrder(cards).map((c) => c.id)).toEqual([id(4), id(3), id(1), id(2)]);
  });

  it('breaks a cycle at its first card by title', () => {
    const cards = [card(1, 'B', 'x', [], [2]), card(2, 'A', 'y', [], [1])];
    expect(readingOrder(cards).map((c) => c.title)).toEqual(['A', 'B']);
  });
});

describe('composeOutline and composeDraft', () => {
  const cards: ComposerCard[] = [
    card(1, 'Recall', 'Recall is a share of relevant items found. It ignores order.', ['metrics', 'ml']),
    card(2, 'NDCG', 'NDCG weighs the top. For example, rank 1 counts most.', ['metrics', 'ml'], [1]),
    card(3, 'Embeddings', 'An embedding is a vector. Code follows.\n\n```py\nx = 1\n```', ['vectors', 'ml']),
    card(4, 'Lonely note', 'A note with no shared tag.', ['misc']),
    card(5, 'Vector search', 'Search by [[Embeddings]].', ['vectors', 'ml']),
  ];

  it('groups by the most telling shared tag, ordered by links, headed by tag or title', () => {
    expect(composeOutline(cards)).toEqual({
      title: 'Vectors, Lonely note and Metrics',
      sections: [
        { heading: 'Vectors', cardIds: [id(3), id(5)] },
        { heading: 'Lonely note', cardIds: [id(4)] },
        { heading: 'Metrics', cardIds: [id(1), id(2)] },
      ],
    });
  });

  it('drafts each card as a paragraph of its own sentences, each citing it, code left out', () => {
    const draft = composeDraft(composeOutline(cards), cards);
    expect(draft.sections[0]).toEqual({
      heading: 'Vectors',
      paragraphs: [
        {
          sentences: [
            { text: 'An embedding is a vector.', cardIds: [id(3)] },
            { text: 'Code follows.', cardIds: [id(3)] },
          ],
        },
        { sentences: [{ text: 'Search by Embeddings.', cardIds: [id(5)] }] },
      ],
    });
    expect(draft.sections[2]!.paragraphs.map((p) => p.sentences.map((s) => s.text))).toEqual([
      ['Recall is a share of relevant items found.', 'It ignores order.'],
      ['NDCG weighs the top.', 'For example, rank 1 counts most.'],
    ]);
  });

  it('gives byte-identical output for the same cards, whatever their order', () => {
    const bench = benchCards();
    const once = hash(composeDraft(composeOutline(bench), bench));
    const reversed = [...bench].reverse();
    expect(hash(composeDraft(composeOutline(reversed), reversed))).toBe(once);
    expect(hash(composeDraft(composeOutline(bench), bench))).toBe(once);
  });
});

describe('composeRevision', () => {
  const long = card(
    1,
    'Long',
    'One is a start. Two. Three. Four. Five. Six. Seven. For example, eight. Nine means end.',
    ['t'],
  );
  const draft = composeDraft(composeOutline([long]), [long]);
  const texts = (d: typeof draft) => d.sections[0]!.paragraphs[0]!.sentences.map((s) => s.text);

  it('reads the instruction', () => {
    expect(instructionKind('Make it shorter')).toBe('shorter');
    expect(instructionKind('Add an example about ranking')).toBe('example');
    expect(instructionKind('Rewrite for beginners')).toBe('beginners');
    expect(instructionKind('Make it longer')).toBe('longer');
    expect(instructionKind('In French please')).toBeNull();
  });

  it('shortens, lengthens, adds an example and puts definitions first', () => {
    expect(texts(draft)).toEqual(['One is a start.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.']);
    expect(texts(composeRevision(draft, 'shorter', null, [long]).draft)).toEqual([
      'One is a start.',
      'Two.',
      'Three.',
    ]);
    expect(texts(composeRevision(draft, 'longer', null, [long]).draft)).toEqual([
      'One is a start.',
      'Two.',
      'Three.',
      'Four.',
      'Five.',
      'Six.',
      'Seven.',
      'For example, eight.',
      'Nine means end.',
    ]);
    expect(texts(composeRevision(draft, 'add an example', 0, [long]).draft).at(-1)).toBe(
      'For example, eight.',
    );
    const longer = composeRevision(draft, 'longer', null, [long]).draft;
    expect(texts(composeRevision(longer, 'for beginners', null, [long]).draft).slice(0, 3)).toEqual([
      'One is a start.',
      'Nine means end.',
      'Two.',
    ]);
  });

  it('leaves the draft unchanged with a notice for an instruction it cannot follow, or another section', () => {
    expect(composeRevision(draft, 'In French please', null, [long])).toEqual({
      draft,
      notice: composerCannotFollow,
    });
    expect(composeRevision(draft, 'shorter', 3, [long]).draft).toEqual(draft);
  });
});
