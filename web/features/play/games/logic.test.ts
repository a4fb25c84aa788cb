import { describe, expect, it } from 'vitest';
import { normalizeAnswer } from '../../../../contracts/study-items.ts';
import {
  buildChoiceQuestions,
  buildMatchBoard,
  formatStopwatch,
  pairsPerBoard,
  plainFace,
  shortText,
  shuffle,
  spokenDuration,
} from './logic.ts';
import { seededRandom, studyItem } from './test-fixtures.ts';

const items = (count: number) => Array.from({ length: count }, (_, i) => studyItem(i + 1));

describe('shuffle', () => {
  it('keeps every element once and leaves the original alone', () => {
    const list = [1, 2, 3, 4, 5, 6];
    const shuffled = shuffle(list, seededRandom(7));
    expect([...shuffled].sort()).toEqual(list);
    expect(list).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('buildChoiceQuestions', () => {
  it('asks up to ten questions, each with its own answer and three other, different answers', () => {
    const questions = buildChoiceQuestions(items(14), seededRandom(3));
    expect(questions).toHaveLength(10);
    for (const question of questions ?? []) {
      expect(question.options).toHaveLength(4);
      expect(question.options[question.correctIndex]).toBe(question.item.answerText);
      expect(new Set(question.options.map(normalizeAnswer)).size).toBe(4);
    }
    // Each item is asked at most once.
    expect(new Set(questions?.map((question) => question.item.cardId)).size).toBe(10);
  });

  it('counts answers that differ only in case, accents or punctuation as one', () => {
    const sample = [
      studyItem(1, { answerText: 'Café' }),
      studyItem(2, { answerText: 'cafe.' }),
      studyItem(3, { answerText: 'Tea' }),
      studyItem(4, { answerText: 'Water' }),
    ];
    expect(buildChoiceQuestions(sample, seededRandom(1))).toBeNull();
    const questions = buildChoiceQuestions(
      [...sample, studyItem(5, { answerText: 'Milk' })],
      seededRandom(1),
    );
    for (const question of questions ?? []) {
      expect(new Set(question.options.map(normalizeAnswer)).size).toBe(4);
    }
  });

  it('refuses a sample with fewer than four different answers, and skips items without a plain answer', () => {
    expect(buildChoiceQuestions(items(3))).toBeNull();
    expect(buildChoiceQuestions([...items(3), studyItem(4, { answerText: '' })])).toBeNull();
    expect(buildChoiceQuestions(items(4))).toHaveLength(4);
  });
});

describe('buildMatchBoard', () => {
  it('deals six pairs as twelve tiles, a prompt and an answer each', () => {
    const board = buildMatchBoard(items(9), seededRandom(5));
    expect(board.pairs).toBe(pairsPerBoard);
    expect(board.tiles).toHaveLength(12);
    for (let pair = 0; pair < board.pairs; pair++) {
      const sides = board.tiles.filter((tile) => tile.pair === pair).map((tile) => tile.side);
      expect(sides.sort()).toEqual(['answer', 'prompt']);
    }
  });

  it('deals fewer pairs from a small deck, and never two questions or two answers that read the same', () => {
    const board = buildMatchBoard(
      [
        studyItem(1),
        studyItem(2),
        studyItem(3, { answerText: 'answer 1' }),
        studyItem(4, { prompt: { markdown: 'Question 1?', cloze: null } }),
      ],
      seededRandom(2),
    );
    // Item 1 clashes with item 3 (same answer) and item 4 (same question), so at most three pairs fit.
    expect(board.pairs).toBeGreaterThanOrEqual(2);
    expect(board.pairs).toBeLessThanOrEqual(3);
    const prompts = board.tiles.filter((tile) => tile.side === 'prompt').map((tile) => tile.text);
    const answers = board.tiles
      .filter((tile) => tile.side === 'answer')
      .map((tile) => normalizeAnswer(tile.text));
    expect(new Set(prompts).size).toBe(board.pairs);
    expect(new Set(answers).size).toBe(board.pairs);
  });

  it('shows a cloze prompt as plain text with its gap, cut around the gap', () => {
    const body = `${'Long words before the gap. '.repeat(8)}The capital of France is {{c1::Paris}}.`;
    const item = studyItem(1, {
      cardType: 'cloze',
      itemKey: 'c1',
      prompt: { markdown: body, cloze: { hide: 1, highlight: 1 } },
      answer: { markdown: body, cloze: { hide: 'none', highlight: 1 } },
      answerText: 'Paris',
    });
    const face = plainFace(item.prompt);
    expect(face.text).toContain('The capital of France is […].');
    expect(face.text).not.toContain('Paris');
    const board = buildMatchBoard([item, studyItem(2)], seededRandom(1));
    const prompt = board.tiles.find((tile) => tile.side === 'prompt' && tile.text.includes('[…]'));
    expect(prompt?.text.startsWith('…')).toBe(true);
    expect(prompt?.text).toContain('France is […]');
    expect(prompt!.text.length).toBeLessThanOrEqual(95);
  });
});

describe('plain text', () => {
  it('reads Markdown escapes as the characters they stand for', () => {
    expect(plainFace({ markdown: 'C\\+\\+ and \\[brackets\\]', cloze: null }).text).toBe(
      'C++ and [brackets]',
    );
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    expect(shortText('one two three four five', 12)).toBe('one two…');
    expect(shortText('short', 12)).toBe('short');
  });
});

describe('durations', () => {
  it('reads a stopwatch in tenths and says it in words', () => {
    expect(formatStopwatch(42_345)).toBe('42.3 s');
    expect(formatStopwatch(65_200)).toBe('1:05.2');
    expect(spokenDuration(65_200)).toBe('1 minute 5.2 seconds');
    expect(spokenDuration(9_000)).toBe('9.0 seconds');
  });
});
