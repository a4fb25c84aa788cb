import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import type { PdfDocument } from '../../../../contracts/pdfs.ts';
import { countOf } from './format.ts';

/** What deleting `document` takes with it and what it leaves, in words. */
export function deletionSentence(document: Pick<PdfDocument, 'highlightCount' | 'cardCount'>): string {
  const highlights =
    document.highlightCount > 0
      ? `its ${countOf(document.highlightCount, 'highlight', 'highlights')} and notes`
      : 'its highlights and notes';
  const cards =
    document.cardCount > 0
      ? ` The ${countOf(document.cardCount, 'card', 'cards')} made from it ${document.cardCount === 1 ? 'keeps its' : 'keep their'} text and citation.`
      : ' Cards made from it keep their text and citation.';
  return `The file, its text and ${highlights} are deleted.${cards}`;
}

/**
 * Asks before a PDF is deleted, saying what goes (the file, its text, its highlights) and what stays (the
 * cards made from it keep their text and citation).
 */
export function DeletePdfDialog({
  document,
  onClose,
  onDelete,
}: {
  /** The PDF to delete; null keeps the dialog closed. */
  document: PdfDocument | null;
  onClose: () => void;
  /** Deletes it; the dialog closes when this resolves. */
  onDelete: (document: PdfDocument) => Promise<unknown>;
}) {
  return (
    <ConfirmDeleteDialog
      item={document}
      onClose={onClose}
      onDelete={onDelete}
      title={(pdf) => `Delete “${pdf.title}”?`}
      text={deletionSentence}
    />
  );
}
