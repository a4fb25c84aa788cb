import { clozeIndexes, markdownWords, parseCloze } from './card-text.ts';
import type { CardFields, CardType } from './cards.ts';
import type { StudyFace } from './play.ts';

/** What of a card its study items are made from. */
export interface StudyableCard {
  title: string;
  body: string;
  type: CardType;
  fields: CardFields;
}

/** One question and its answer, before the schedule is attached. */
export interface DerivedItem {
  itemKey: string;
  prompt: StudyFace;
  answer: StudyFace;
  answerText: string;
}

/** Plain answers are cut here: a typed answer or a multiple-choice option is a phrase, not an essay. */
const answerTextMax = 500;

const markdownSpecial = /[\\`*_{}[\]()#+\-.!|<>~$]/g;

/** A title as Markdown that shows exactly its characters. */
function literal(text: string): string {
  return text.replace(markdownSpecial, '\\$&');
}

function face(markdown: string): StudyFace {
  return { markdown, cloze: null };
}

function plain(markdown: string): string {
  const words = markdownWords(markdown);
  return words.length > answerTextMax ? `${words.slice(0, answerTextMax).trimEnd()}…` : words;
}

const fencedBlock = /^(?:[ \t]*)(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n?[ \t]*\1[ \t]*$/gm;

/** A code card splits into the prose that asks (title and text around the code) and the code that answers. */
function codeItem(card: StudyableCard): DerivedItem {
  const blocks = [...card.body.matchAll(fencedBlock)];
  if (blocks.length === 0) {
    return {
      itemKey: 'main',
      prompt: face(literal(card.title)),
      answer: face(card.body),
      answerText: plain(card.body),
    };
  }
  const prose = card.body.replace(fencedBlock, '').trim();
  const code = blocks.map((block) => block[0].trim()).join('\n\n');
  const codeText = blocks
    .map((block) => block[2] ?? '')
    .join('\n')
    .trim();
  return {
    itemKey: 'main',
    prompt: face(prose ? `${literal(card.title)}\n\n${prose}` : literal(card.title)),
    answer: face(code),
    answerText: codeText.length > answerTextMax ? `${codeText.slice(0, answerTextMax)}…` : codeText,
  };
}

/** Each deletion index is one item: the text with that deletion hidden, then shown and highlighted. */
function clozeItems(card: StudyableCard): DerivedItem[] {
  const indexes = clozeIndexes(card.body);
  if (indexes.length === 0) return [noteItem(card)];
  return indexes.map((index) => {
    const answers: string[] = [];
    const collect = (text: string, depth: number) => {
      for (const deletion of parseCloze(text)) {
        if (deletion.index === index) answers.push(markdownWords(deletion.answer));
        else if (depth < 3) collect(deletion.answer, depth + 1);
      }
    };
    collect(card.body, 1);
    return {
      itemKey: `c${index}`,
      prompt: { markdown: card.body, cloze: { hide: index, highlight: index } },
      answer: { markdown: card.body, cloze: { hide: 'none', highlight: index } },
      answerText: answers.join(', '),
    };
  });
}

function noteItem(card: StudyableCard): DerivedItem {
  return {
    itemKey: 'main',
    prompt: face(literal(card.title)),
    answer: face(card.body),
    answerText: plain(card.body),
  };
}

function paperItem(card: StudyableCard): DerivedItem {
  const { authors, year } = card.fields;
  const byline = [authors?.length ? authors.join(', ') : '', year ? String(year) : '']
    .filter(Boolean)
    .join(', ');
  const prompt = byline ? `${literal(card.title)}\n\n*${literal(byline)}*` : literal(card.title);
  return { itemKey: 'main', prompt: face(prompt), answer: face(card.body), answerText: plain(card.body) };
}

function linkItem(card: StudyableCard): DerivedItem {
  const url = card.fields.url ? `<${card.fields.url}>\n\n` : '';
  return {
    itemKey: 'main',
    prompt: face(literal(card.title)),
    answer: face(`${url}${card.body}`),
    answerText: plain(card.body),
  };
}

/**
 * The study items a card makes, as its type is studied: a flashcard front → back (and back → front when the
 * deck asks for reversed items), each cloze deletion on its own, a note's or paper's title → its text, a code
 * card's question → its code, a link's title → its address and notes. Items whose question or answer would be
 * empty are left out, so every item can be answered.
 */
export function studyItemsOf(card: StudyableCard, options: { includeReversed: boolean }): DerivedItem[] {
  let items: DerivedItem[];
  switch (card.type) {
    case 'flashcard': {
      const front = card.fields.front ?? '';
      const back = card.fields.back ?? '';
      items = [{ itemKey: 'main', prompt: face(front), answer: face(back), answerText: plain(back) }];
      if (options.includeReversed) {
        items.push({ itemKey: 'reverse', prompt: face(back), answer: face(front), answerText: plain(front) });
      }
      break;
    }
    case 'cloze':
      items = clozeItems(card);
      break;
    case 'code':
      items = [codeItem(card)];
      break;
    case 'paper':
      items = [paperItem(card)];
      break;
    case 'link':
      items = [linkItem(card)];
      break;
    case 'note':
      items = [noteItem(card)];
      break;
  }
  return items.filter((item) => item.prompt.markdown.trim() !== '' && item.answer.markdown.trim() !== '');
}

// ---------------------------------------------------------------------------------------------------------
// Typed answers

/** Case, accents, punctuation at the edges and runs of whitespace do not count against a typed answer. */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '');
}

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** How a typed answer compares: right, a near miss (a typo or two), or wrong. */
export type AnswerVerdict = 'correct' | 'close' | 'wrong';

/**
 * A typed answer against the expected one, leniently: equal after `normalizeAnswer` is correct; within one
 * edit per eight characters (at least one) is close, which the game shows as a near miss that the player may
 * count anyway.
 */
export function compareAnswer(typed: string, expected: string): AnswerVerdict {
  const a = normalizeAnswer(typed);
  const b = normalizeAnswer(expected);
  // An answer with no words (only math or an image) cannot be typed: nothing is close to it.
  if (a === '' || b === '') return 'wrong';
  if (a === b) return 'correct';
  const limit = Math.max(1, Math.floor(b.length / 8));
  return editDistance(a, b, limit) <= limit ? 'close' : 'wrong';
}
