import { useId } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { ApiError } from '../../../lib/api.ts';
import { loginPathFor } from '../../../lib/navigation.ts';
import { pdfDetailQuery } from '../../../lib/pdfs-api.ts';
import { useSession } from '../../../lib/session.ts';
import { pdfOwnerOf } from './detail-query.ts';
import { Reader } from './reader.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/learn/pdf-library/:id`: one PDF of the signed-in person's library, in the reader. */
export function PdfReaderPage() {
  const { id = '' } = useParams();
  const { pathname, search, hash } = useLocation();
  const { user } = useSession();
  if (!user) {
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title="PDF reader" guideAnchor="pdf-library" />
        <Typography>
          You are not signed in. <TextLink to={loginPathFor(pathname + search + hash)}>Sign in</TextLink> to
          read the PDFs in your library.
        </Typography>
      </Box>
    );
  }
  // An id that is not a UUID names no PDF: no need to ask the server.
  if (!uuidPattern.test(id)) return <PdfNotFound />;
  // Another PDF is another reader: nothing of this one's viewer or state carries over.
  return <ReaderLoader key={id} id={id.toLowerCase()} owner={pdfOwnerOf(user)} />;
}

/** Whether a failed read means "no such PDF in your library" (missing, someone else's, a bad id). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function ReaderLoader({ id, owner }: { id: string; owner: string | null }) {
  const query = useQuery(pdfDetailQuery(owner, id));
  if (query.data) return <Reader detail={query.data} owner={owner} />;
  if (query.isError && isNotFound(query.error)) return <PdfNotFound />;
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="PDF reader" guideAnchor="pdf-library" />
      {query.isError ? (
        <QueryError
          error={query.error}
          lead="The PDF could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the PDF" />
        </Box>
      )}
    </Box>
  );
}

/** A PDF that is not in the person's library, whether it never was, was deleted, or is someone else's. */
function PdfNotFound() {
  const textId = useId();
  return (
    <Box component="section" aria-labelledby="section-title" aria-describedby={textId}>
      <PageHeader title="PDF not found" guideAnchor="pdf-library" />
      <Typography id={textId} sx={{ mb: 3, maxWidth: 760 }}>
        There is no PDF at this address in your library. The link may be mistyped, or the PDF may have been
        deleted.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/learn/pdf-library">
        Go to your PDF library
      </Button>
    </Box>
  );
}
