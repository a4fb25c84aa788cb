import type { CitationFormat } from '../../../../contracts/pdfs.ts';
import { AppError } from '../../../lib/app-error.ts';
import { formatCitations } from './format.ts';
import type { CitationsRepository, ExportScope } from './repository.ts';

/** The file an export answers with: its bytes' type and the name a browser saves it under. */
export const exportFiles: Record<CitationFormat, { contentType: string; fileName: string }> = {
  bibtex: { contentType: 'application/x-bibtex; charset=utf-8', fileName: 'library.bib' },
  ris: { contentType: 'application/x-research-info-systems; charset=utf-8', fileName: 'library.ris' },
  'csl-json': {
    contentType: 'application/vnd.citationstyles.csl+json; charset=utf-8',
    fileName: 'library.json',
  },
};

/**
 * The citation export of a person's library. Only the person's own PDFs are ever included: another person's
 * ids are left out, and when none of the ids asked for is theirs (or the collection is not), the answer is
 * 404, as for any PDF of someone else's. A collection or library with no PDFs exports an empty file.
 */
export function createCitationExport(repository: CitationsRepository) {
  return {
    async export(ownerKey: string, format: CitationFormat, scope: ExportScope) {
      if (scope.collection && !(await repository.ownsCollection(ownerKey, scope.collection))) {
        throw new AppError('common/not-found');
      }
      const entries = await repository.entries(ownerKey, scope);
      if (scope.ids && entries.length === 0) throw new AppError('common/not-found');
      return { ...exportFiles[format], text: formatCitations(entries, format), count: entries.length };
    },
  };
}

export type CitationExport = ReturnType<typeof createCitationExport>;
