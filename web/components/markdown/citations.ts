import type { ElementContent, Root } from 'hast';
import type { ResolvedCitations } from '../../../contracts/research.ts';
import { paperPagePath } from '../../lib/research-paths.ts';

/** One resolved citation key: its number on the page, its paper and the reference as text. */
export interface ResolvedCitation {
  n: number;
  paperId: string;
  text: string;
}

/** Citation keys resolved for one text: key → its number, paper and reference. */
export type CitationMap = ReadonlyMap<string, ResolvedCitation>;

/**
 * The keys the API resolved, numbered in the order `keys` gives (the order of first citation); keys it did not
 * resolve get no number, so the numbers run without gaps.
 */
export function citationMapOf(keys: readonly string[], resolved: ResolvedCitations['items']): CitationMap {
  const byKey = new Map(resolved.map((item) => [item.key, item]));
  const map = new Map<string, ResolvedCitation>();
  for (const key of keys) {
    const item = byKey.get(key);
    if (item && !map.has(key)) map.set(key, { n: map.size + 1, paperId: item.paperId, text: item.text });
  }
  return map;
}

/**
 * The id of reference `n`. `prefix` is the document's own prefix for the ids it generates, apart from the
 * sanitiser's prefix of the author's ids, so an author's `id="ref-1"` can never take a reference's place.
 */
export const referenceId = (prefix: string, n: number) => `${prefix}ref-${n}`;

const missingTitle = 'No paper with this citation key';

/**
 * `[@a; @b]` as "[1, 2]", each number a link to its entry in the references; an unknown key as "@key?" with a
 * title saying so. Inside a link (which cannot hold another) the numbers are plain text.
 */
export function citationNodes(
  keys: readonly string[],
  citations: CitationMap,
  inLink: boolean,
  prefix: string,
): ElementContent[] {
  const parts: ElementContent[] = [];
  keys.forEach((key, index) => {
    if (index > 0) parts.push({ type: 'text', value: ', ' });
    const found = citations.get(key);
    if (!found) {
      parts.push({
        type: 'element',
        tagName: 'span',
        properties: { className: ['citation-missing'], title: missingTitle },
        children: [{ type: 'text', value: `@${key}?` }],
      });
    } else if (inLink) {
      parts.push({ type: 'text', value: String(found.n) });
    } else {
      parts.push({
        type: 'element',
        tagName: 'a',
        properties: {
          href: `#${referenceId(prefix, found.n)}`,
          className: ['citation-ref'],
          ariaLabel: `Reference ${found.n}`,
        },
        children: [{ type: 'text', value: String(found.n) }],
      });
    }
  });
  return [
    {
      type: 'element',
      tagName: 'span',
      properties: { className: ['citation'] },
      children: [{ type: 'text', value: '[' }, ...parts, { type: 'text', value: ']' }],
    },
  ];
}

/**
 * Rehype plugin: the "References" list at the end of the text, one entry per resolved key in number order,
 * each the formatted reference as text linked to the paper's page. It runs after the sanitiser, so its ids
 * carry `prefix` (see `referenceId`), which the last pass over links leaves as it is.
 */
export function rehypeCitationReferences(options: { citations?: CitationMap | undefined; prefix: string }) {
  return (tree: Root) => {
    const entries = [...(options.citations?.values() ?? [])].sort((a, b) => a.n - b.n);
    if (entries.length === 0) return;
    const headingId = `${options.prefix}references`;
    tree.children.push({
      type: 'element',
      tagName: 'section',
      properties: { className: ['references'], ariaLabelledBy: [headingId] },
      children: [
        {
          type: 'element',
          tagName: 'h2',
          properties: { id: headingId },
          children: [{ type: 'text', value: 'References' }],
        },
        {
          type: 'element',
          tagName: 'ol',
          properties: {},
          children: entries.map((entry) => ({
            type: 'element',
            tagName: 'li',
            properties: { id: referenceId(options.prefix, entry.n) },
            children: [
              {
                type: 'element',
                tagName: 'a',
                properties: { href: paperPagePath(entry.paperId) },
                children: [{ type: 'text', value: entry.text }],
              },
            ],
          })),
        },
      ],
    });
  };
}
