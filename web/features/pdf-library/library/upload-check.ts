import { pdfRules } from '../../../../contracts/pdfs.ts';
import { catalogueError, type ApiError } from '../../../lib/api.ts';

/** Whether the browser calls `file` a PDF, by its type or, when it gave none it trusts, by its name. */
function looksLikePdf(file: File): boolean {
  if (file.type === 'application/pdf' || file.type === 'application/x-pdf') return true;
  return file.name.toLowerCase().endsWith('.pdf');
}

/**
 * Why `file` cannot go into the library, as far as the browser can tell without sending it: the same error the
 * server would answer, so the upload list words both alike. Null when it may be a PDF; the server then checks
 * the bytes, which are the authority.
 */
export function pdfFileProblem(file: File): ApiError | null {
  if (!looksLikePdf(file)) return catalogueError('pdf/not-a-pdf');
  if (file.size === 0) return catalogueError('pdf/empty');
  if (file.size > pdfRules.maxBytes) return catalogueError('pdf/too-large');
  return null;
}
