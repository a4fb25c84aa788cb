import {
  citationLine,
  pdfRules,
  type MakeCardMode,
  type MakeCardResult,
  type PdfHighlight,
  type PdfHighlightInput,
  type PdfHighlightUpdate,
} from '../../../../contracts/pdfs.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CardsService } from '../../cards/index.ts';
import { highlightCardText } from './card-text.ts';
import { presentHighlight } from '../library/present.ts';
import type { HighlightsRepository } from './repository.ts';

const notFound = () => new AppError('common/not-found', { message: 'There is no such highlight.' });
const noDocument = () =>
  new AppError('common/not-found', { message: 'There is no such PDF in your library.' });

/** Highlights in a person's PDFs, and Make card: a highlight becomes a card that cites its page. */
export function createHighlightsService(repository: HighlightsRepository, cards: CardsService) {
  return {
    /** Adds a highlight on a page the document has; `pdf/too-many-highlights` past the limit. */
    async create(
      ownerKey: string,
      documentId: string,
      input: PdfHighlightInput & { prefix: string; suffix: string; note: string | null },
    ): Promise<PdfHighlight> {
      const document = await repository.ownedDocument(ownerKey, documentId);
      if (!document) throw noDocument();
      if (document.pageCount > 0 && input.page > document.pageCount) {
        throw new AppError('common/validation-failed', {
          details: { fields: [{ path: 'page', message: `This PDF has ${document.pageCount} pages` }] },
        });
      }
      const row = await repository.insert(
        {
          documentId,
          page: input.page,
          color: input.color,
          quote: input.quote,
          prefix: input.prefix,
          suffix: input.suffix,
          rects: input.rects,
          note: input.note || null,
        },
        pdfRules.maxHighlights,
      );
      if (!row) throw new AppError('pdf/too-many-highlights');
      return presentHighlight({ highlight: row, card: null });
    },

    async update(ownerKey: string, documentId: string, highlightId: string, update: PdfHighlightUpdate) {
      const found = await repository.update(ownerKey, documentId, highlightId, {
        ...(update.color ? { color: update.color } : {}),
        ...(update.note !== undefined ? { note: update.note || null } : {}),
      });
      if (!found) throw notFound();
      return presentHighlight(found);
    },

    async remove(ownerKey: string, documentId: string, highlightId: string): Promise<void> {
      if (!(await repository.remove(ownerKey, documentId, highlightId))) throw notFound();
    },

    /**
     * Make card: a note card with the quote, the note and the paper's citation and page, recording where it
     * came from; published or kept as a draft as asked, and that choice remembered. A highlight makes one
     * card: asking again (a double click) answers the card it already has.
     */
    async makeCard(
      ownerKey: string,
      documentId: string,
      highlightId: string,
      as: MakeCardMode,
    ): Promise<MakeCardResult> {
      const found = await repository.find(ownerKey, documentId, highlightId);
      if (!found) throw notFound();
      await repository.saveMakeCardAs(ownerKey, as);
      if (found.card) return answer(found.highlight.id);
      const document = await repository.ownedDocument(ownerKey, documentId);
      if (!document) throw notFound();
      const citation = citationLine(document);
      const { highlight } = found;
      const text = highlightCardText({
        quote: highlight.quote,
        note: highlight.note,
        page: highlight.page,
        citation,
      });
      const draft = await cards.create(ownerKey, {
        ...text,
        type: 'note',
        tags: document.tags,
        source: { documentId, highlightId, page: highlight.page, paperTitle: document.title, citation },
      });
      if (!(await repository.claimCard(highlightId, draft.cardId))) {
        // Another request made this highlight's card first: this one goes, theirs is the answer.
        await cards.remove(draft.cardId, ownerKey);
        return answer(highlightId);
      }
      if (as === 'published') await cards.publish(draft.cardId, ownerKey);
      return answer(highlightId);

      async function answer(id: string): Promise<MakeCardResult> {
        const current = await repository.find(ownerKey, documentId, id);
        if (!current?.card) throw notFound();
        return {
          card: current.card,
          highlight: presentHighlight(current),
        };
      }
    },
  };
}
export type HighlightsService = ReturnType<typeof createHighlightsService>;
