import type * as PdfjsLib from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as PdfjsViewer from 'pdfjs-dist/legacy/web/pdf_viewer.mjs';

/** The pdf.js library and its viewer components, loaded together. */
export interface Pdfjs {
  lib: typeof PdfjsLib;
  viewer: typeof PdfjsViewer;
}

let loading: Promise<Pdfjs> | null = null;

/**
 * Loads pdf.js (about 1 MB) when the reader first needs it, once per tab. The legacy build is the one that
 * runs in browsers that are not the newest. The viewer module reads the library from `globalThis.pdfjsLib`
 * while it is evaluated, so it is imported only after the library is there.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const [lib, { default: workerUrl }] = await Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      // Only the worker's address: Vite copies the file into the build and gives its URL, on this origin, so
      // the worker starts under the app's `worker-src 'self'`.
      import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
    ]);
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    (globalThis as { pdfjsLib?: unknown }).pdfjsLib = lib;
    const [viewer] = await Promise.all([
      import('pdfjs-dist/legacy/web/pdf_viewer.mjs'),
      import('pdfjs-dist/legacy/web/pdf_viewer.css'),
    ]);
    return { lib, viewer };
  })();
  // A failed load (offline for a moment) is not remembered: the next attempt loads again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
