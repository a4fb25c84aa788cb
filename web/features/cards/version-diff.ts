import { diffLines, diffWords, type Change } from 'diff';
import type { CardVersion } from '../../../contracts/cards.ts';
import { cardTypeNames } from '../../lib/card-labels.ts';

/** Field names as the comparison writes them, in a fixed order. */
const fieldNames: [keyof CardVersion['fields'], string][] = [
  ['front', 'Front'],
  ['back', 'Back'],
  ['authors', 'Authors'],
  ['year', 'Year'],
  ['doi', 'DOI'],
  ['url', 'Web address'],
  ['language', 'Language'],
];

/**
 * One version as plain text for comparing: its title, type, tags, type-specific fields and cover on a line
 * each, then the body. A change to any of them shows up in the diff.
 */
export function versionText(version: CardVersion): string {
  const lines = [
    `Title: ${version.title}`,
    `Type: ${cardTypeNames[version.type]}`,
    `Tags: ${version.tags.length > 0 ? version.tags.join(', ') : '(none)'}`,
  ];
  for (const [key, name] of fieldNames) {
    const value = version.fields[key];
    if (value === undefined) continue;
    lines.push(`${name}: ${Array.isArray(value) ? value.join('; ') : String(value)}`);
  }
  if (version.coverURL) lines.push(`Cover: ${version.coverURL}`);
  return `${lines.join('\n')}\n\n${version.body}`;
}

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
