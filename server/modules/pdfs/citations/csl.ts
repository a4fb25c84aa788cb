import type { CitationSource } from '../../../../contracts/pdfs.ts';

// The CSL helpers live in the shared bibliography library; the library's PDFs use them as they are.
export { citationKey, cslName, uniqueKeys } from '../../../lib/bibliography/csl.ts';

/** A PDF of the library as the export sees it: its citation fields and its id. */
export type CitationEntry = CitationSource & { id: string };
