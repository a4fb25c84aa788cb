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
