import { markdownWords, renderClozeText } from '../../../../contracts/card-text.ts';
import type { StudyFace, StudyItem } from '../../../../contracts/play.ts';
import { normalizeAnswer } from '../../../../contracts/study-items.ts';

/** Questions in one round of multiple choice or typed answers. */
export const questionsPerRound = 10;

/** Options shown for each multiple-choice question: the right answer and three others. */
export const optionsPerQuestion = 4;

/** Pairs on a full Match board. */
export const pairsPerBoard = 6;

/** A Match board needs at least this many pairs to be a game rather than a single click. */
export const minimumPairs = 2;

/** How many items to ask the server for: more than a round uses, so the wrong options have variety. */
export const practiceSampleSize = 40;

/** A copy of `list` in random order (Fisher–Yates). `random` is injectable so tests can fix the order. */
export function shuffle<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy;
}

// Marks where a hidden cloze deletion ends up in the plain text, so a long text can be cut around the gap. A
// control character, because nothing in Markdown or markdownWords touches it.
const gapMark = '\u0001';
const markdownEscape = /\\([\\`*_{}[\]()#+\-.!|<>~$])/g;

/** A face as one line of plain text, with a hidden cloze deletion shown as `[…]` (or its hint). */
export function plainFace(face: StudyFace): { text: string; gapAt: number } {
  const hide = face.cloze?.hide;
  const markdown =
    hide === undefined || hide === 'none'
      ? face.markdown
      : renderClozeText(face.markdown, {
          hide,
          decorate: (part) => (part.hidden ? `${gapMark}${part.text}` : part.text),
        });
  const marked = markdownWords(markdown).replace(markdownEscape, '$1');
  const gapAt = marked.indexOf(gapMark);
  return { text: marked.replaceAll(gapMark, ''), gapAt };
}

/**
 * `text` cut to about `max` characters at a word boundary, with `…` where words were left out. When `focus`
 * (a character offset) is given, the cut keeps the text around it, so a cloze gap late in a long text stays
 * in view.
 */
export function shortText(text: string, max: number, focus = -1): string {
  if (text.length <= max) return text;
  let start = 0;
  if (focus > max / 2) {
    start = Math.min(focus - Math.floor(max / 2), text.length - max);
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < focus) start = space + 1;
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    // Cut at a space unless that would lose most of the room (one very long word).
    if (space > start + max * 0.5) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trimEnd()}${end < text.length ? '…' : ''}`;
}

/** An item can be played when its plain answer has something to compare. */
export function isPlayable(item: StudyItem): boolean {
  return normalizeAnswer(item.answerText) !== '';
}

/** How many different answers the items have, counted as typed answers are compared. */
export function distinctAnswerCount(items: readonly StudyItem[]): number {
  return new Set(items.map((item) => normalizeAnswer(item.answerText)).filter(Boolean)).size;
}

/** One multiple-choice question: its item and four answers, one of them (`correctIndex`) right. */
export interface ChoiceQuestion {
  item: StudyItem;
  options: string[];
  correctIndex: number;
}

/**
 * A round of multiple choice from a practice sample: up to `questionsPerRound` items, each with its own
 * answer and three answers of other items, all different after `normalizeAnswer`, in random order. Null when
 * the sample has fewer than four different answers, so some question could not have four options.
 */
export function buildChoiceQuestions(
  items: readonly StudyItem[],
  random: () => number = Math.random,
): ChoiceQuestion[] | null {
  const playable = items.filter(isPlayable);
  // One wording per different answer: the first item that gave it.
  const answers = new Map<string, string>();
  for (const item of playable) {
    const key = normalizeAnswer(item.answerText);
    if (!answers.has(key)) answers.set(key, item.answerText);
  }
  if (answers.size < optionsPerQuestion) return null;
  return shuffle(playable, random)
    .slice(0, questionsPerRound)
    .map((item) => {
      const own = normalizeAnswer(item.answerText);
      const others = shuffle(
        [...answers.entries()].filter(([key]) => key !== own).map(([, text]) => text),
        random,
      ).slice(0, optionsPerQuestion - 1);
      const options = shuffle([item.answerText, ...others], random);
      return { item, options, correctIndex: options.indexOf(item.answerText) };
    });
}

/** Longest answer shown on a multiple-choice option: a note's whole text would not fit a button. */
export const optionTextMax = 160;

/** Longest text on a Match tile; longer faces are cut with `shortText`. */
export const tileTextMax = 90;

/** One tile of the Match board: a pair's prompt or its answer. */
export interface MatchTile {
  id: string;
  pair: number;
  side: 'prompt' | 'answer';
  text: string;
}

/**
 * A Match board: up to `pairsPerBoard` items whose prompts and answers are all different from each other's
 * (so every tile has exactly one partner), as prompt and answer tiles in random order.
 */
export function buildMatchBoard(
  items: readonly StudyItem[],
  random: () => number = Math.random,
): { pairs: number; tiles: MatchTile[] } {
  const prompts = new Set<string>();
  const answers = new Set<string>();
  const tiles: MatchTile[] = [];
  let pairs = 0;
  for (const item of shuffle(items.filter(isPlayable), random)) {
    if (pairs === pairsPerBoard) break;
    const prompt = plainFace(item.prompt);
    const promptKey = normalizeAnswer(prompt.text);
    const answerKey = normalizeAnswer(item.answerText);
    if (promptKey === '' || prompts.has(promptKey) || answers.has(answerKey)) continue;
    prompts.add(promptKey);
    answers.add(answerKey);
    tiles.push(
      {
        id: `p${pairs}`,
        pair: pairs,
        side: 'prompt',
        text: shortText(prompt.text, tileTextMax, prompt.gapAt),
      },
      { id: `a${pairs}`, pair: pairs, side: 'answer', text: shortText(item.answerText, tileTextMax) },
    );
    pairs++;
  }
  return { pairs, tiles: shuffle(tiles, random) };
}

/** A duration as people read it on a stopwatch: `42.3 s`, `1:05.2`. */
export function formatStopwatch(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  if (minutes === 0) return `${seconds.toFixed(1)} s`;
  return `${minutes}:${seconds.toFixed(1).padStart(4, '0')}`;
}

/** A duration in words, for screen readers: `42.3 seconds`, `1 minute 5.2 seconds`. */
export function spokenDuration(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  const secondsText = `${seconds.toFixed(1)} seconds`;
  if (minutes === 0) return secondsText;
  return `${minutes} minute${minutes === 1 ? '' : 's'} ${secondsText}`;
}
