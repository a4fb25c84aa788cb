import { errorCatalogue } from '../../../contracts/errors.ts';
import { extractorLimits } from '../../../contracts/extractor.ts';
import { formatBytes } from './format.ts';

/** The archive kinds the extractor opens, by the end of the file's name. */
export const archiveExtensions = ['.zip', '.tar.gz', '.tgz'] as const;

/** What the file picker offers. */
export const archiveAccept = [...archiveExtensions, 'application/zip', 'application/gzip'].join(',');

export const archiveTooLarge = `That archive is larger than ${formatBytes(extractorLimits.uploadBytes)}, the most the extractor takes.`;

/**
 * Why `file` cannot be sent, as far as the browser can tell without sending it; null when it may be an
 * archive (the server then reads its bytes, which are the authority).
 */
export function archiveProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!archiveExtensions.some((extension) => name.endsWith(extension)))
    return errorCatalogue['extractor/not-an-archive'].message;
  if (file.size === 0) return 'That file is empty.';
  if (file.size > extractorLimits.uploadBytes) return archiveTooLarge;
  return null;
}
