import { diffLines, diffWords, type Change } from 'diff';

export type { Change };

/** How finely to compare: word by word, or whole lines. */
export type DiffMode = 'words' | 'lines';

// A word diff of two long, very different texts can take seconds; past this it gives up and compares lines.
const wordDiffTimeoutMs = 300;

/** The changes from `before` to `after`, and the mode really used (words fall back to lines when too slow). */
export function compareTexts(
  before: string,
  after: string,
  mode: DiffMode,
): { changes: Change[]; mode: DiffMode } {
  if (mode === 'words') {
    const words = diffWords(before, after, { timeout: wordDiffTimeoutMs });
    if (words) return { changes: words, mode: 'words' };
  }
  return { changes: diffLines(before, after), mode: 'lines' };
}

/** How many parts were added and removed, for the sentence above a diff. */
export function changeCounts(changes: readonly Change[]): { added: number; removed: number } {
  return {
    added: changes.filter((change) => change.added).length,
    removed: changes.filter((change) => change.removed).length,
  };
}

/** Splits a line diff's part into its lines (without their line ends), for a `+`/`-` mark on each. */
export function partLines(value: string): string[] {
  const lines = value.split('\n');
  // The part's last line end leaves an empty piece behind it, which is not a line of its own.
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}
