import type { CorrectAnswer, QuestionAnswer, QuestionForLearner } from '../../../contracts/classroom.ts';

/** What the person has put in a question's form so far, whatever its kind. */
export interface QuizDraft {
  /** The chosen option of a single choice question ('' for none). */
  option: string;
  /** The ticked options of a multiple choice question, in any order. */
  options: readonly string[];
  /** A text answer as typed. */
  text: string;
  /** A numeric answer as typed. */
  value: string;
}

/** A form nobody has touched. */
export const emptyDraft: QuizDraft = { option: '', options: [], text: '', value: '' };

/** A typed number, with a decimal comma taken as a point ("0,4" is 0.4); null when it is not a number. */
export function numberOf(typed: string): number | null {
  const tidy = typed.trim().replace(/\s/g, '').replace(',', '.');
  if (tidy === '') return null;
  const value = Number(tidy);
  return Number.isFinite(value) ? value : null;
}

/**
 * The answer `draft` gives to `question`, as the API takes it; null while the form is not filled in (no option
 * chosen, nothing typed, not a number), so the form says what is missing instead of sending it. Ticked options
 * go in the question's order.
 */
export function answerOf(question: QuestionForLearner, draft: QuizDraft): QuestionAnswer | null {
  switch (question.kind) {
    case 'single':
      return draft.option ? { kind: 'single', option: draft.option } : null;
    case 'multiple': {
      const order = (question.options ?? []).map((option) => option.id);
      const options = order.filter((id) => draft.options.includes(id));
      return options.length > 0 ? { kind: 'multiple', options } : null;
    }
    case 'text': {
      const text = draft.text.trim();
      return text ? { kind: 'text', text } : null;
    }
    case 'numeric': {
      const value = numberOf(draft.value);
      return value === null ? null : { kind: 'numeric', value };
    }
  }
}

/** What a form lacks before it can be sent, in words. */
export const missingAnswer: Record<QuestionForLearner['kind'], string> = {
  single: 'Choose an answer first.',
  multiple: 'Tick at least one answer first.',
  text: 'Type an answer first.',
  numeric: 'Type a number first.',
};

const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 6, useGrouping: false });

/**
 * The right answer in words: for choice questions, the texts of the right options (Markdown, in the order the
 * options were shown); for a text question, the answer; for a number, its value, unit and how close counts,
 * e.g. "0.05 % (± 0.0005)".
 */
export function correctAnswerWords(
  correct: CorrectAnswer,
  options: readonly { id: string; text: string }[] = [],
): string[] {
  const textOf = (id: string) => options.find((option) => option.id === id)?.text ?? id;
  switch (correct.kind) {
    case 'single':
      return [textOf(correct.option)];
    case 'multiple':
      return options.length > 0
        ? options.filter((option) => correct.options.includes(option.id)).map((option) => option.text)
        : correct.options.map(textOf);
    case 'text':
      return [correct.text];
    case 'numeric': {
      const value = `${numberFormat.format(correct.value)}${correct.unit ? ` ${correct.unit}` : ''}`;
      return [correct.tolerance > 0 ? `${value} (± ${numberFormat.format(correct.tolerance)})` : value];
    }
  }
}
