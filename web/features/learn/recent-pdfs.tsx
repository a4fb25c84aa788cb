import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { pdfReaderPath, type PdfDocument } from '../../../contracts/pdfs.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { pdfLibraryQuery } from '../../lib/pdfs-api.ts';
import { formatRelative } from '../../lib/relative-time.ts';

/** How many PDFs the learning home lists. */
export const recentPdfCount = 5;

/** When the person last had `document` in hand: opened, or else added. */
function lastTouched(document: PdfDocument): string {
  return document.openedAt ?? document.createdAt;
}

/** The PDFs most recently opened or added, newest first. */
export function recentPdfs(items: readonly PdfDocument[], count = recentPdfCount): PdfDocument[] {
  return [...items].sort((a, b) => Date.parse(lastTouched(b)) - Date.parse(lastTouched(a))).slice(0, count);
}

/**
 * The few PDFs the person had open or added last, each with "Continue at p. N" where they left off, so reading
 * picks up from the learning home. It reads the library's plain list (the cached copy the library page uses).
 */
export function RecentPdfs({ owner }: { owner: string | null }) {
  const library = useQuery(pdfLibraryQuery(owner));
  if (library.isPending) return <CircularProgress size={28} aria-label="Loading your recent PDFs" />;
  if (library.isError) return <QueryError error={library.error} onRetry={() => void library.refetch()} />;
  const recent = recentPdfs(library.data.items);
  if (recent.length === 0) {
    return (
      <EmptyState
        icon={<PictureAsPdfOutlinedIcon />}
        link={{ to: '/learn/pdf-library', label: 'Open the PDF library' }}
      >
        No PDFs yet. Upload papers to read, highlight and turn into cards.
      </EmptyState>
    );
  }
  return (
    <>
      <Box component="ul" aria-label="Recent PDFs" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {recent.map((document) => (
          <Box component="li" key={document.id} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
            <Link
              component={RouterLink}
              to={pdfReaderPath(document.id)}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {document.title}
            </Link>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
              {document.lastPage > 1 ? (
                <Link
                  component={RouterLink}
                  to={pdfReaderPath(document.id, document.lastPage)}
                  variant="body2"
                  aria-label={`Continue at p. ${document.lastPage}: ${document.title}`}
                >
                  Continue at p. {document.lastPage}
                </Link>
              ) : null}
              <Typography variant="body2" color="text.secondary">
                {document.openedAt ? 'Opened' : 'Added'}{' '}
                <time dateTime={lastTouched(document)}>{formatRelative(lastTouched(document))}</time>
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <TextLink to="/learn/pdf-library">All your PDFs</TextLink>
      </Typography>
    </>
  );
}
