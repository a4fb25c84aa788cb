import { describe, expect, it } from 'vitest';
import type { CardFields, CardType } from './cards.ts';
import { compareAnswer, normalizeAnswer, studyItemsOf, type StudyableCard } from './study-items.ts';

const card = (type: CardType, body: string, fields: CardFields = {}, title = 'A title'): StudyableCard => ({
  title,
  body,
  type,
  fields,
});
const keys = (items: { itemKey: string }[]) => items.map((item) => item.itemKey);

describe('studyItemsOf', () => {
  it('asks a flashcard front → back, and back → front only when reversed items are wanted', () => {
    const flashcard = card('flashcard', '', { front: 'What is **2 + 2**?', back: '*Four*' });
    const [main] = studyItemsOf(flashcard, { includeReversed: false });
    expect(main).toEqual({
      itemKey: 'main',
      prompt: { markdown: 'What is **2 + 2**?', cloze: null },
      answer: { markdown: '*Four*', cloze: null },
      answerText: 'Four',
    });
    const both = studyItemsOf(flashcard, { includeReversed: true });
    expect(keys(both)).toEqual(['main', 'reverse']);
    expect(both[1]).toMatchObject({
      prompt: { markdown: '*Four*' },
      answer: { markdown: 'What is **2 + 2**?' },
      answerText: 'What is 2 + 2?',
    });
  });

  it('leaves out items with nothing to ask or nothing to answer', () => {
    expect(
      studyItemsOf(card('flashcard', '', { front: 'Front', back: '  ' }), { includeReversed: true }),
    ).toEqual([]);
    expect(studyItemsOf(card('note', '   '), { includeReversed: false })).toEqual([]);
    expect(studyItemsOf(card('note', 'Body', {}, ''), { includeReversed: false })).toEqual([]);
    expect(studyItemsOf(card('code', ''), { includeReversed: false })).toEqual([]);
  });

  it('makes one cloze item per index, deletions sharing an index asked together', () => {
    const items = studyItemsOf(
      card('cloze', '{{c1::Paris}} is the capital of {{c2::France::country}}; {{c1::Berlin}} of Germany.'),
      { includeReversed: true },
    );
    expect(keys(items)).toEqual(['c1', 'c2']);
    expect(items[0]).toEqual({
      itemKey: 'c1',
      prompt: {
        markdown: '{{c1::Paris}} is the capital of {{c2::France::country}}; {{c1::Berlin}} of Germany.',
        cloze: { hide: 1, highlight: 1 },
      },
      answer: {
        markdown: '{{c1::Paris}} is the capital of {{c2::France::country}}; {{c1::Berlin}} of Germany.',
        cloze: { hide: 'none', highlight: 1 },
      },
      answerText: 'Paris, Berlin',
    });
    // The hint is not part of the answer.
    expect(items[1]!.answerText).toBe('France');
  });

  it('finds nested deletions, with the outer answer read as plain words', () => {
    const items = studyItemsOf(card('cloze', 'A {{c1::big {{c2::red}} ball}} and {{c3::$x^{2}$}}.'), {
      includeReversed: false,
    });
    expect(keys(items)).toEqual(['c1', 'c2', 'c3']);
    expect(items.map((item) => item.answerText)).toEqual(['big red ball', 'red', 'x^{2}']);
  });

  it('studies a cloze card without deletions as a note', () => {
    const items = studyItemsOf(card('cloze', 'No gaps here.', {}, 'Plain'), { includeReversed: false });
    expect(items).toEqual([
      {
        itemKey: 'main',
        prompt: { markdown: 'Plain', cloze: null },
        answer: { markdown: 'No gaps here.', cloze: null },
        answerText: 'No gaps here.',
      },
    ]);
  });

  it('asks a note, paper and link by title, escaping Markdown in the title', () => {
    const [note] = studyItemsOf(card('note', '# Heading\n\nText', {}, 'C# *basics* [1]'), {
      includeReversed: false,
    });
    expect(note!.prompt.markdown).toBe('C\\# \\*basics\\* \\[1\\]');
    expect(note!.answerText).toBe('Heading Text');

    const [paper] = studyItemsOf(
      card(
        'paper',
        'Introduced the transformer.',
        { authors: ['Vaswani', 'Shazeer'], year: 2017 },
        'Attention',
      ),
      { includeReversed: false },
    );
    expect(paper!.prompt.markdown).toBe('Attention\n\n*Vaswani, Shazeer, 2017*');

    const [link] = studyItemsOf(card('link', 'Notes', { url: 'https://example.org/a' }, 'Example'), {
      includeReversed: false,
    });
    expect(link!.answer.markdown).toBe('<https://example.org/a>\n\nNotes');
    expect(link!.answerText).toBe('Notes');
  });

  it('asks a code card its prose and answers with its code', () => {
    const body = 'Reverse a list in place.\n\n```python\nitems.reverse()\n```\n';
    const [item] = studyItemsOf(card('code', body, { language: 'python' }, 'Reverse'), {
      includeReversed: false,
    });
    expect(item).toEqual({
      itemKey: 'main',
      prompt: { markdown: 'Reverse\n\nReverse a list in place.', cloze: null },
      answer: { markdown: '```python\nitems.reverse()\n```', cloze: null },
      answerText: 'items.reverse()',
    });
    const [bare] = studyItemsOf(card('code', 'x = 1', {}, 'Bare'), { includeReversed: false });
    expect(bare).toMatchObject({ prompt: { markdown: 'Bare' }, answer: { markdown: 'x = 1' } });
  });

  it('cuts long plain answers', () => {
    const [item] = studyItemsOf(card('note', 'word '.repeat(200)), { includeReversed: false });
    expect(item!.answerText.length).toBeLessThanOrEqual(501);
    expect(item!.answerText.length).toBeGreaterThan(400);
    expect(item!.answerText.endsWith('…')).toBe(true);
  });
});

describe('typed answers', () => {
  it('normalises case, accents, edge punctuation and whitespace', () => {
    expect(normalizeAnswer('  Crème   Brûlée! ')).toBe('creme brulee');
    expect(normalizeAnswer('"Ångström."')).toBe('angstrom');
    expect(normalizeAnswer('e.g. this')).toBe('e.g. this');
  });

  it('is right when equal after normalising, close for a typo, wrong otherwise', () => {
    expect(compareAnswer('PARIS', 'Paris')).toBe('correct');
    expect(compareAnswer('Sao Paulo', 'São Paulo')).toBe('correct');
    expect(compareAnswer('mitochondria  ', 'Mitochondria.')).toBe('correct');
    expect(compareAnswer('mitocondria', 'mitochondria')).toBe('close');
    expect(compareAnswer('Pari', 'Paris')).toBe('close');
    expect(compareAnswer('London', 'Paris')).toBe('wrong');
    expect(compareAnswer('', 'Paris')).toBe('wrong');
    expect(compareAnswer('   ', 'Paris')).toBe('wrong');
    // Longer answers allow one edit per eight characters.
    expect(compareAnswer('the powerhuse of teh cell', 'the powerhouse of the cell')).toBe('close');
    expect(compareAnswer('a completely different text', 'the powerhouse of the cell')).toBe('wrong');
  });

  it('never counts an answer as close to an answer with no words', () => {
    expect(compareAnswer('x', '$$x^2$$')).toBe('wrong');
    expect(compareAnswer('x', '')).toBe('wrong');
  });
});
