import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cite, plugins } from '@citation-js/core';
// Importing plugin-csl registers the `bibliography` and `citation` outputs (citeproc) and its bundled styles.
import '@citation-js/plugin-csl';
import type { CitationStyle } from '../../../contracts/research.ts';
import { cslItem, keySource, uniqueKeys, type BibliographyEntry, type CslItem } from './csl.ts';

/**
 * The CSL style behind each citation style: plugin-csl bundles APA and Harvard; IEEE and Chicago author-date
 * are this library's own compact styles in `styles/`, registered once (the server runs from source, so the
 * files are read next to this module).
 */
const TEMPLATES: Record<CitationStyle, string> = {
  apa: 'apa',
  harvard: 'harvard1',
  ieee: 'card-web-ieee',
  chicago: 'card-web-chicago-author-date',
};
const OWN_STYLES: Record<string, string> = {
  'card-web-ieee': 'ieee.csl',
  'card-web-chicago-author-date': 'chicago-author-date.csl',
};
/** Styles whose references are numbered in the order cited ("[1] …"). */
const NUMERIC = new Set<CitationStyle>(['ieee']);

function template(style: CitationStyle): string {
  const name = TEMPLATES[style];
  const file = OWN_STYLES[name];
  const styles = plugins.config.get('@csl').styles;
  if (file && !styles.has(name)) {
    styles.add(name, readFileSync(join(import.meta.dirname, 'styles', file), 'utf8'));
  }
  return name;
}

/**
 * A reference list of CSL-JSON items in a style, as plain text: numeric styles keep the items' order,
 * author-date styles sort them as the style says. For items with more than a paper's record (volume, pages).
 */
export function formatCslReferences(
  items: readonly CslItem[],
  style: CitationStyle,
): Array<{ id: string; text: string }> {
  if (items.length === 0) return [];
  const entries = new Cite(items).format('bibliography', {
    template: template(style),
    format: 'text',
    lang: 'en-US',
    asEntryArray: true,
  }) as Array<[string, string]>;
  return entries.map(([id, text]) => ({ id, text: text.trim() }));
}

/** The papers as CSL-JSON items under their ids, so the list's entries can be matched back to them. */
function itemsOf(papers: readonly BibliographyEntry[]): CslItem[] {
  const keys = uniqueKeys(papers.map(keySource));
  return papers.map((paper, index) => ({ ...cslItem(paper, keys[index]!), id: paper.id }));
}

/**
 * The papers' reference list in a style (APA, IEEE, Chicago author-date, Harvard), one plain-text entry per paper
 * with its id: IEEE numbers them in the given order, the author-date styles sort them by author and year.
 * Plain text only: the web shows it as text, never as HTML.
 */
export function formatReferenceList(
  papers: ReadonlyArray<BibliographyEntry>,
  style: CitationStyle,
): Array<{ id: string; text: string }> {
  return formatCslReferences(itemsOf(papers), style);
}

/** One paper's reference in a style, to copy (IEEE's without its list number "[1]"). */
export function formatCitationText(paper: BibliographyEntry, style: CitationStyle): string {
  const [reference] = formatReferenceList([paper], style);
  const text = reference?.text ?? '';
  return NUMERIC.has(style) ? text.replace(/^\[\d+\]\s*/, '') : text;
}

/** The in-text citation of one paper in a style: "(Koren et al., 2009)", "(Koren, Bell, and Volinsky 2009)", "[1]". */
export function formatInTextCitation(paper: BibliographyEntry, style: CitationStyle): string {
  const [item] = itemsOf([paper]);
  return String(
    new Cite([item]).format('citation', { template: template(style), format: 'text', lang: 'en-US' }),
  );
}
