import { describe, expect, it } from 'vitest';
import { checkAnswer, chunks, rankPassages, terms } from './ask.ts';

describe('chunks', () => {
  it('keeps a short text whole, with its spaces collapsed', () => {
    expect(chunks('  Latent   factors\n work.  ')).toEqual(['Latent factors work.']);
    expect(chunks('   ')).toEqual([]);
  });

  it('breaks after a sentence that ends past half a passage', () => {
    const text = `${'a'.repeat(500)}. ${'b'.repeat(500)}.`;
    expect(chunks(text)).toEqual([`${'a'.repeat(500)}.`, `${'b'.repeat(500)}.`]);
  });

  it('cuts at 900 characters when no sentence ends late enough', () => {
    expect(chunks('x'.repeat(2000))).toEqual(['x'.repeat(900), 'x'.repeat(900), 'x'.repeat(200)]);
    const early = `${'a'.repeat(100)}. ${'b'.repeat(1000)}`;
    expect(chunks(early)).toEqual([`${'a'.repeat(100)}. ${'b'.repeat(798)}`, 'b'.repeat(202)]);
  });
});

describe('terms', () => {
  it('folds accents and case and leaves out stop words and single letters', () => {
    expect(terms('The Gödel’s THEOREM, and is it?')).toEqual(['godel', 'theorem']);
  });
});

describe('rankPassages', () => {
  const passages = [
    { text: 'Matrix factorization' },
    { text: 'Matrix matrix methods' },
    { text: 'Neural networks' },
  ];

  it('orders by BM25 and leaves out passages without a question word', () => {
    // idf(matrix) = ln(1 + 1.5 / 2.5); average length 7/3. The first scores 2.2 / 2.0714 = 1.0621,
    // the second 4.4 / 3.4571 = 1.2727: the one saying "matrix" twice wins.
    expect(rankPassages('What is a matrix?', passages, 5)).toEqual([passages[1], passages[0]]);
    expect(rankPassages('matrix', passages, 1)).toEqual([passages[1]]);
    expect(rankPassages('neural', passages, 5)).toEqual([passages[2]]);
  });

  it('keeps ties in the order given, and finds nothing for a question of stop words', () => {
    const twins = [{ text: 'same words' }, { text: 'same words' }];
    expect(rankPassages('words', twins, 5)).toEqual(twins);
    expect(rankPassages('What is it?', passages, 5)).toEqual([]);
    expect(rankPassages('matrix', [], 5)).toEqual([]);
  });
});

describe('checkAnswer', () => {
  it('keeps the citations of given sources, drops others, and marks sentences left without any', () => {
    const answer =
      'Matrix factorization learns latent factors [1]. It was popular in 2009 [2][99].\nNeural models came later [99]. Nothing supports this!';
    expect(checkAnswer(answer, 2)).toEqual([
      { text: 'Matrix factorization learns latent factors.', sources: [1], supported: true },
      { text: 'It was popular in 2009.', sources: [2], supported: true },
      { text: 'Neural models came later.', sources: [], supported: false },
      { text: 'Nothing supports this!', sources: [], supported: false },
    ]);
  });

  it('reads citations after the full stop, repeated ones once, and a last sentence without one', () => {
    expect(checkAnswer('Factors help. [1] [1][3] Zero is no source [0]. And then', 3)).toEqual([
      { text: 'Factors help.', sources: [1, 3], supported: true },
      { text: 'Zero is no source.', sources: [], supported: false },
      { text: 'And then', sources: [], supported: false },
    ]);
    expect(checkAnswer('   ', 3)).toEqual([]);
  });
});
