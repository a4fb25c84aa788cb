import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLocalFileStore, type FileStore } from '../../lib/files/store.ts';

const stores = new WeakMap<object, FileStore>();

/**
 * The store PDFs' bytes live in: the app's content-addressed file store (the files module's root), so the
 * same bytes are kept once whoever uploads them. PDFs are never recorded in `stored_files`, so the public
 * `/api/files/:hash` route does not serve them; only their owners get them, through `/api/pdfs/:id/file`.
 * Every part of the PDF library reads and writes through this one.
 */
export function pdfFileStore(app: FastifyInstance): FileStore {
  let store = stores.get(app.config);
  if (!store) {
    store = createLocalFileStore(path.join(app.config.dataDir, 'files'));
    stores.set(app.config, store);
  }
  return store;
}
