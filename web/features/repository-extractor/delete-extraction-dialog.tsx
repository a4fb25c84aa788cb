import type { ExtractionListItem } from '../../../contracts/extractor.ts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { sourceName } from './format.ts';

/** Asks before an extraction is deleted, saying what goes with it. */
export function DeleteExtractionDialog(props: {
  /** The extraction to delete; null keeps the dialog closed. */
  item: ExtractionListItem | null;
  onClose: () => void;
  /** Deletes it; the dialog closes when this resolves. */
  onDelete: (item: ExtractionListItem) => Promise<unknown>;
}) {
  return (
    <ConfirmDeleteDialog
      {...props}
      title={(item) => `Delete the extraction of ${sourceName(item.source)}?`}
      text={() => 'Its preview, its document and its parts are deleted. This cannot be undone.'}
    />
  );
}
