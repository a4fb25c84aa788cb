import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { pdfReaderPath, type PdfDocument, type PdfSearchHit } from '../../../../contracts/pdfs.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { pdfSearchQuery } from '../../../lib/pdfs-api.ts';
import { countOf } from './format.ts';

/** The full-text search box, bound to `?q=` so a search survives a reload and the way back from a hit. */
export function PdfSearchBox({
  text,
  onText,
  onCommit,
}: {
  text: string;
  onText: (text: string) => void;
  onCommit: () => void;
}) {
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search the text of your PDFs"
      onSubmit={(event) => {
        event.preventDefault();
        onCommit();
      }}
    >
      <TextField
        type="search"
        label="Search your PDFs"
        value={text}
        onChange={(event) => onText(event.target.value)}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: 200 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" aria-label="Search" edge="end">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

/** The hits of one paper, in page order, under its title. */
interface HitGroup {
  documentId: string;
  title: string;
  hits: PdfSearchHit[];
}

function groupHits(hits: readonly PdfSearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  for (const hit of hits) {
    const group = groups.get(hit.documentId) ?? { documentId: hit.documentId, title: hit.title, hits: [] };
    group.hits.push(hit);
    groups.set(hit.documentId, group);
  }
  // Papers keep the server's order (best first); inside one, pages read in order.
  for (const group of groups.values()) group.hits.sort((a, b) => a.page - b.page);
  return [...groups.values()];
}

function Snippet({ parts }: { parts: PdfSearchHit['snippet'] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          // Dark text on the light mark in both themes: the mark's own colour decides the contrast.
          <Box
            component="mark"
            key={index}
            sx={{ bgcolor: 'warning.light', color: 'common.black', px: 0.25, borderRadius: 0.5 }}
          >
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The pages across the library that hold the words, grouped by paper: "p. N" and a snippet with the matching
 * words marked, each a link to that page in the reader. PDFs whose text is not searchable yet (or ever) are
 * named below, so a missing hit is not a mystery.
 */
export function PdfSearchResults({
  owner,
  q,
  library,
}: {
  owner: string | null;
  q: string;
  library: readonly PdfDocument[];
}) {
  const headingId = useId();
  const search = useQuery({ ...pdfSearchQuery(owner, q), placeholderData: keepPreviousData });
  const pending = library.filter((document) => document.textStatus === 'pending');
  const unsearchable = library.filter(
    (document) => document.textStatus === 'no-text' || document.textStatus === 'failed',
  );
  const groups = search.data ? groupHits(search.data.hits) : [];
  const hitCount = search.data?.hits.length ?? 0;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Pages with “{q}”
      </Typography>
      {search.isPending ? (
        <CircularProgress size={28} aria-label="Searching your PDFs" sx={{ mt: 1 }} />
      ) : search.isError ? (
        <QueryError error={search.error} onRetry={() => void search.refetch()} sx={{ mt: 1 }} />
      ) : hitCount === 0 ? (
        <Box sx={{ mt: 1 }}>
          <EmptyState icon={<SearchOffIcon />}>No page of your PDFs holds “{q}”.</EmptyState>
        </Box>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" role="status">
            {countOf(hitCount, 'page', 'pages')} in {countOf(groups.length, 'PDF', 'PDFs')}
          </Typography>
          <Box component="ul" aria-label="Search results" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {groups.map((group) => (
              <Box
                component="li"
                key={group.documentId}
                sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', overflowWrap: 'anywhere' }}>
                  {group.title}
                </Typography>
                <Box
                  component="ul"
                  aria-label={`Pages of ${group.title}`}
                  sx={{ listStyle: 'none', p: 0, m: 0 }}
                >
                  {group.hits.map((hit) => (
                    <Box component="li" key={hit.page} sx={{ mt: 0.75 }}>
                      <Link
                        component={RouterLink}
                        to={pdfReaderPath(hit.documentId, hit.page)}
                        underline="hover"
                        sx={{ display: 'block', color: 'text.primary', overflowWrap: 'anywhere' }}
                      >
                        <Box component="span" sx={{ fontWeight: 600, color: 'primary.main', mr: 1 }}>
                          p. {hit.page}
                        </Box>
                        <Snippet parts={hit.snippet} />
                      </Link>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
      {pending.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Indexing the text of {pending.map((d) => `“${d.title}”`).join(', ')}:{' '}
          {pending.length === 1 ? 'its pages are' : 'their pages are'} found once that is done.
        </Typography>
      ) : null}
      {unsearchable.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Search will not find the text of {unsearchable.map((d) => `“${d.title}”`).join(', ')}:{' '}
          {unsearchable.length === 1 ? 'its pages are' : 'their pages are'} images (a scan, say) with no text
          to read.
        </Typography>
      ) : null}
    </Box>
  );
}
