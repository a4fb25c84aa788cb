import { parseCloze } from '../../../contracts/card-text.ts';

// Deletions nest at most this deep in contracts/card-text.ts; deeper ones stay as written there too.
const maxDepth = 3;
const opening = /^\{\{c\d{1,3}::/i;

/**
 * The cloze text renumbered so that the shared renderer, which hides one index or all of them, hides exactly
 * the deletions in `hidden`: those become index 1 and every other deletion index 2. The rest of the text,
 * answers, hints and nested deletions included, is left as written.
 */
export function clozeWithHidden(text: string, hidden: ReadonlySet<number>, depth = 1): string {
  const deletions = parseCloze(text);
  if (deletions.length === 0) return text;
  let result = '';
  let last = 0;
  for (const deletion of deletions) {
    const written = text.slice(deletion.start, deletion.end);
    const prefix = opening.exec(written)?.[0] ?? '';
    const answerEnd = prefix.length + deletion.answer.length;
    const answer = depth < maxDepth ? clozeWithHidden(deletion.answer, hidden, depth + 1) : deletion.answer;
    result +=
      text.slice(last, deletion.start) +
      `{{c${hidden.has(deletion.index) ? 1 : 2}::` +
      answer +
      written.slice(answerEnd);
    last = deletion.end;
  }
  return result + text.slice(last);
}
