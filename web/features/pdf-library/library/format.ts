import type { PdfDocument } from '../../../../contracts/pdfs.ts';

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;
const gigabyte = 1024 * megabyte;

function amount(value: number): string {
  return value.toLocaleString('en', { maximumFractionDigits: 1 });
}

/** A size for people, in the binary units the plans are written in: "820 KB", "12.4 MB", "10 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= gigabyte) return `${amount(bytes / gigabyte)} GB`;
  if (bytes >= megabyte) return `${amount(bytes / megabyte)} MB`;
  if (bytes >= kilobyte) return `${amount(bytes / kilobyte)} KB`;
  return `${bytes.toLocaleString('en')} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** The authors as a list shows them: all of up to three, else the first with "et al.". */
export function authorsLine(authors: readonly string[]): string {
  if (authors.length <= 3) return authors.join(', ');
  return `${authors[0]} et al.`;
}

/** "1 page", "12 pages". */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** The page a PDF was left at, when that is worth a "Continue" link (past its first page). */
export function continuePage(document: Pick<PdfDocument, 'lastPage'>): number | null {
  return document.lastPage > 1 ? document.lastPage : null;
}
