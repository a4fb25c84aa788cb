import type { PdfUploadResult } from '../../contracts/pdfs.ts';
import type { TestContext } from './app.ts';
import type { Person } from './people.ts';
import { makePaperPdf, type PaperSpec } from './pdfs.ts';

let counter = 0;

/**
 * Uploads to the PDF library for server tests, through the real route: raw bytes, as the web app sends them.
 */
export function pdfUploads(context: TestContext) {
  /** Sends `bytes` as `person` (signed out when undefined); the response as it came. */
  function send(
    person: Person | undefined,
    bytes: Buffer | string,
    options: { fileName?: string; type?: string } = {},
  ) {
    return context.app.inject({
      method: 'POST',
      url: '/api/pdfs',
      payload: bytes,
      ...(person ? { remoteAddress: person.address } : {}),
      headers: {
        'content-type': options.type ?? 'application/pdf',
        origin: context.config.PUBLIC_URL,
        ...(options.fileName !== undefined ? { 'x-file-name': encodeURIComponent(options.fileName) } : {}),
        ...(person ? { cookie: person.cookie } : {}),
      },
    });
  }

  /** A new paper (a title of its own, so its bytes are new) uploaded by `person`; fails the test if refused. */
  async function paper(person: Person, spec: PaperSpec = {}, fileName?: string) {
    counter++;
    const bytes = await makePaperPdf({ title: `Paper ${counter} ${Date.now()}`, ...spec });
    const response = await send(person, bytes, fileName === undefined ? {} : { fileName });
    if (response.statusCode !== 201) {
      throw new Error(`The upload was refused: ${response.statusCode} ${response.body}`);
    }
    return { bytes, ...(response.json() as PdfUploadResult) };
  }

  return { send, paper };
}
