import type { CitationFormat } from '../../../../contracts/pdfs.ts';
import type { BibliographyEntry } from '../../../lib/bibliography/csl.ts';
import { formatBibliography } from '../../../lib/bibliography/format.ts';
import type { CitationEntry } from './csl.ts';

export type { CitationEntry } from './csl.ts';

/** A PDF's citation fields as the bibliography's paper record: names as printed, no venue, tags or key. */
function paperOf(entry: CitationEntry): BibliographyEntry {
  return {
    id: entry.id,
    title: entry.title,
    authors: entry.authors.map((name) => ({ name })),
    tags: [],
    ...(entry.year !== null ? { year: entry.year } : {}),
    ...(entry.doi !== null ? { doi: entry.doi } : {}),
    ...(entry.arxivId !== null ? { arxivId: entry.arxivId } : {}),
  };
}

/**
 * The PDFs as a BibTeX, RIS or CSL-JSON file, in their order, with citation keys unique within the file; the
 * shared bibliography writer does the work.
 */
export function formatCitations(entries: readonly CitationEntry[], format: CitationFormat): string {
  return formatBibliography(entries.map(paperOf), format);
}
