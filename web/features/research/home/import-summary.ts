import type { ImportPreview, ImportResult } from '../../../../contracts/research.ts';

/** "12 new, 3 already here, 1 invalid": what a preview found. */
export function previewSummary(counts: ImportPreview['counts']): string {
  return `${counts.new} new, ${counts.duplicate} already here, ${counts.invalid} invalid`;
}

/** "12 added, 3 already here, 1 skipped": what an import did. */
export function importSummary(result: ImportResult): string {
  return `${result.created.length} added, ${result.existing.length} already here, ${result.invalid} skipped`;
}
