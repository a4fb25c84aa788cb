import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts, rgb } from 'pdf-lib';

/** What a generated paper says: its front matter and the text of each page. */
export type PaperSpec = {
  title?: string;
  authors?: string[];
  year?: number;
  doi?: string;
  arxivId?: string;
  /** The body text of each page; page 1 starts under the title block. Defaults to three pages of filler. */
  pages?: string[];
  /** Write title, authors and date into the PDF's own metadata too (off: only the first page says them). */
  withInfo?: boolean;
  /** Bytes of incompressible padding in an unreferenced-by-pages stream, to make a file of a given size. */
  paddingBytes?: number;
};

const filler = (page: number) =>
  `Page ${page} discusses spaced repetition and the forgetting curve. Reviews spaced further apart ` +
  'strengthen memory more than massed practice, as a long line of experiments has shown.';

function wrap(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (measure(next) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A real PDF of a paper (pdf-lib, Helvetica text), for tests and benchmarks: a title block on page 1 with the
 * authors, year, DOI and arXiv id as a paper prints them, then each page's text, wrapped.
 */
export async function makePaperPdf(spec: PaperSpec = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = spec.pages ?? [1, 2, 3].map(filler);
  const [width, height] = [612, 792];
  const margin = 72;
  pages.forEach((text, index) => {
    const page = doc.addPage([width, height]);
    let y = height - margin;
    if (index === 0) {
      if (spec.title) {
        for (const line of wrap(spec.title, width - 2 * margin, (l) => bold.widthOfTextAtSize(l, 20))) {
          page.drawText(line, { x: margin, y, size: 20, font: bold });
          y -= 26;
        }
      }
      const front = [
        spec.authors?.length ? spec.authors.join(', ') : '',
        spec.year ? String(spec.year) : '',
        spec.doi ? `doi: ${spec.doi}` : '',
        spec.arxivId ? `arXiv:${spec.arxivId}` : '',
      ].filter(Boolean);
      for (const line of front) {
        page.drawText(line, { x: margin, y, size: 12, font });
        y -= 18;
      }
      y -= 12;
    }
    for (const line of wrap(text, width - 2 * margin, (l) => font.widthOfTextAtSize(l, 11))) {
      if (y < margin) break;
      page.drawText(line, { x: margin, y, size: 11, font, color: rgb(0, 0, 0) });
      y -= 15;
    }
  });
  if (spec.withInfo) {
    if (spec.title) doc.setTitle(spec.title);
    if (spec.authors?.length) doc.setAuthor(spec.authors.join('; '));
    if (spec.year) doc.setCreationDate(new Date(Date.UTC(spec.year, 5, 1)));
  } else {
    // pdf-lib stamps its own producer and dates; a paper without metadata has none of ours.
    doc.setProducer('');
    doc.setCreator('');
  }
  if (spec.paddingBytes) {
    // Random bytes do not compress: the file grows by this much, whatever the writer does.
    const stream = doc.context.flateStream(randomBytes(spec.paddingBytes));
    const ref = doc.context.register(stream);
    doc.catalog.set(PDFName.of('CardwebPadding'), ref);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF whose pages are only drawings (as a scan is only images): it opens, but has no text to extract. */
export async function makeScannedPdf(pageCount = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < pageCount; index++) {
    const page = doc.addPage([612, 792]);
    for (let row = 0; row < 30; row++) {
      page.drawRectangle({
        x: 72,
        y: 700 - row * 20,
        width: 300 + (row % 5) * 30,
        height: 8,
        color: rgb(0.2, 0.2, 0.2),
      });
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * A PDF locked with a user password (standard security handler, RC4 40-bit): a reader cannot open it without
 * the password. Its `/U` check value is random, so no password, the empty one included, opens it.
 */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const context = doc.context;
  const encrypt = context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    Length: 40,
    O: PDFHexString.of(randomBytes(32).toString('hex')),
    U: PDFHexString.of(randomBytes(32).toString('hex')),
    P: PDFNumber.of(-4),
  });
  const id = PDFHexString.of(randomBytes(16).toString('hex'));
  context.trailerInfo.Encrypt = context.register(encrypt);
  context.trailerInfo.ID = context.obj([id, id]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The first `bytes` of a real PDF: the header is right, the rest is cut off. */
export async function makeTruncatedPdf(bytes = 400): Promise<Buffer> {
  return (await makePaperPdf({ title: 'Cut short' })).subarray(0, bytes);
}
