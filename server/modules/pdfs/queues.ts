/**
 * The queue that extracts a PDF's text page by page for search (its job: `{ documentId }`). An upload sends to
 * it once the PDF's row is committed; the text part of the library defines it and runs its jobs.
 */
export const extractTextQueue = 'pdfs.extract-text';
