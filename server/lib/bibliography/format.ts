import { Cite } from '@citation-js/core';
// Importing a plugin registers its formats with citation-js. CSL-JSON is citation-js's own `data` output, so
// plugin-csl (which formats bibliographies with citeproc) is not needed here.
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import type { BibliographyFormat } from '../../../contracts/research.ts';
import { cleanArxivId, cslItem, keySource, uniqueKeys, type BibliographyEntry, type CslItem } from './csl.ts';

/** A BibTeX entry as citation-js's `object` output gives it: fields already escaped for BibTeX. */
type BibtexEntry = { type: string; label: string; properties: Record<string, string> };

/** The order of fields in an entry, as people write them; anything else follows in the order it came. */
const FIELD_ORDER = [
  'author',
  'title',
  'journal',
  'booktitle',
  'year',
  'doi',
  'eprint',
  'archivePrefix',
  'url',
];

/** A DOI's characters that would end or break a braced BibTeX value, percent-encoded as a DOI URL has them. */
function bibtexDoi(doi: string): string {
  return doi.replace(/[{}\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Adjusts citation-js's BibTeX for what it does not know: an arXiv paper is `@misc` with `eprint` and
 * `archivePrefix` (as arXiv's own BibTeX has it) rather than an article published by "arXiv".
 */
function adjustBibtex(entry: BibtexEntry, item: CslItem, arxivId: string | undefined): BibtexEntry {
  const properties = { ...entry.properties };
  if (properties.doi) properties.doi = bibtexDoi(properties.doi);
  // citation-js repeats the URL as `howpublished` when there is no publisher.
  if (properties.howpublished === properties.url) delete properties.howpublished;
  let type = entry.type;
  if (arxivId) {
    if (item.type === 'article') {
      type = 'misc';
      delete properties.publisher;
      delete properties.number;
      delete properties.eid;
    }
    properties.eprint = cleanArxivId(arxivId);
    properties.archivePrefix = 'arXiv';
  }
  return { type, label: entry.label, properties };
}

/**
 * citation-js breaks a long RIS value (a conference's name) in the middle of a word onto the next line, which
 * readers (its own included) take back with a space in the word: the value is kept on its tag's line.
 */
function unwrapRis(ris: string): string {
  return ris.replace(/\n(?![A-Z][A-Z0-9] {2}-)/g, '');
}

function writeBibtex(entries: readonly BibtexEntry[]): string {
  return entries
    .map((entry) => {
      const names = Object.keys(entry.properties).sort((a, b) => {
        const rank = (name: string) =>
          FIELD_ORDER.includes(name) ? FIELD_ORDER.indexOf(name) : FIELD_ORDER.length;
        return rank(a) - rank(b);
      });
      const fields = names.map((name) => `\t${name} = {${entry.properties[name]}},\n`).join('');
      return `@${entry.type}{${entry.label},\n${fields}}\n`;
    })
    .join('\n');
}

/**
 * The papers as a BibTeX, RIS or CSL-JSON file, in their order, with citation keys unique within the file (a
 * paper's own key when it has one; the CSL-JSON and RIS ids are the same keys). citation-js maps the fields and
 * escapes BibTeX (accented letters as TeX accents, `&`, `%`, braces); the venue is the BibTeX `journal` of an
 * article and the `booktitle` of a conference paper. An empty list gives an empty file (`[]` in CSL-JSON).
 */
export function formatBibliography(
  entries: readonly BibliographyEntry[],
  format: BibliographyFormat,
): string {
  const keys = uniqueKeys(entries.map(keySource));
  const items = entries.map((entry, index) => cslItem(entry, keys[index]!));
  if (format === 'csl-json') {
    const data = items.length ? (new Cite(items).format('data', { format: 'object' }) as CslItem[]) : [];
    // citation-js's CSL-JSON drops ORCID iDs from names; they are put back as Crossref's CSL-JSON has them.
    data.forEach((item, index) =>
      item.author?.forEach((name, at) => {
        const orcid = items[index]!.author?.[at]?.ORCID;
        if (orcid) name.ORCID = orcid;
      }),
    );
    return `${JSON.stringify(data, null, 2)}\n`;
  }
  if (items.length === 0) return '';
  const cite = new Cite(items);
  if (format === 'ris') return `${unwrapRis(String(cite.format('ris')))}\n`;
  const bibtex = cite.format('bibtex', { format: 'object' }) as BibtexEntry[];
  return writeBibtex(
    bibtex.map((entry, index) => adjustBibtex(entry, items[index]!, entries[index]!.arxivId)),
  );
}
