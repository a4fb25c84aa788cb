import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pdfDocuments } from '../db/schema.ts';
import { createLocalFileStore } from '../lib/files/store.ts';
import type { TestContext } from './app.ts';

/** The fields of a PDF row a test may set; the rest get plain defaults. */
export type PdfDocumentFields = Partial<
  Pick<
    typeof pdfDocuments.$inferInsert,
    'title' | 'authors' | 'year' | 'doi' | 'arxivId' | 'pageCount' | 'fileName' | 'textStatus' | 'createdAt'
  >
>;

/**
 * Puts a PDF in a person's library as an upload would leave it, without the upload route: its bytes in the
 * test app's file store and its `pdf_documents` row (text pending). Answers the document's id.
 */
export async function insertPdfDocument(
  context: TestContext,
  ownerKey: string,
  bytes: Buffer,
  fields: PdfDocumentFields = {},
): Promise<string> {
  const fileHash = await createLocalFileStore(path.join(context.dataDir, 'files')).put(bytes);
  const [row] = await context.db.orm
    .insert(pdfDocuments)
    .values({
      ownerKey,
      fileHash,
      fileName: 'paper.pdf',
      byteSize: bytes.length,
      pageCount: 1,
      title: 'A paper',
      ...fields,
    })
    .returning({ id: pdfDocuments.id });
  return row!.id;
}

/** A PDF row as it is now (its text status, DOI, arXiv id), or undefined once deleted. */
export async function readPdfDocument(context: TestContext, id: string) {
  const [row] = await context.db.orm.select().from(pdfDocuments).where(eq(pdfDocuments.id, id));
  return row;
}
