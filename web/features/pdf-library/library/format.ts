export { countOf, formatBytes } from '../../../lib/amounts.ts';
import type { PdfDocument } from '../../../../contracts/pdfs.ts';

/** The authors as a list shows them: all of up to three, else the first with "et al.". */
export function authorsLine(authors: readonly string[]): string {
  if (authors.length <= 3) return authors.join(', ');
  return `${authors[0]} et al.`;
}

/** The page a PDF was left at, when that is worth a "Continue" link (past its first page). */
export function continuePage(document: Pick<PdfDocument, 'lastPage'>): number | null {
  return document.lastPage > 1 ? document.lastPage : null;
}
