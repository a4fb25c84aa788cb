import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import HistoryIcon from '@mui/icons-material/History';
import type { ExtractionListItem } from '../../../contracts/extractor.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { space } from '../../lib/spacing.ts';
import { extractionListQuery, useDeleteExtraction } from './api.ts';
import { DeleteExtractionDialog } from './delete-extraction-dialog.tsx';
import {
  countOf,
  formatDateTime,
  modeLabels,
  revisionOf,
  sourceName,
  statusLabels,
  tokensOf,
} from './format.ts';

/** The address that opens an extraction on this page. */
export const extractionPagePath = (id: string) => `/github_extractor?extraction=${encodeURIComponent(id)}`;

function factsOf(item: ExtractionListItem): string {
  return [
    revisionOf(item),
    modeLabels[item.mode],
    statusLabels[item.status],
    item.tokens !== null ? tokensOf(item.tokens) : null,
    item.parts !== null ? countOf(item.parts, 'part', 'parts') : null,
    formatDateTime(item.createdAt),
  ]
    .filter((fact) => fact !== null)
    .join(' · ');
}

/**
 * The person's past extractions, newest first: each opens on the page (its address names it), and each can be
 * deleted after a question.
 */
export function HistoryList({
  viewer,
  openId,
  onOpen,
  onDeleted,
}: {
  viewer: string;
  openId: string | null;
  onOpen: (id: string) => void;
  /** Called after `id` was deleted (the page closes it if it was open). */
  onDeleted: (id: string) => void;
}) {
  const list = useQuery(extractionListQuery(viewer));
  const remove = useDeleteExtraction(viewer);
  const [deleting, setDeleting] = useState<ExtractionListItem | null>(null);

  let body;
  if (list.isPending) body = <CircularProgress aria-label="Loading your extractions" />;
  else if (list.isError)
    body = (
      <QueryError
        error={list.error}
        lead="Your extractions could not be loaded."
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.items.length === 0)
    body = (
      <EmptyState icon={<HistoryIcon />}>
        Your extractions will be listed here, to open again or delete. Give a repository address or an archive
        above, then Preview.
      </EmptyState>
    );
  else
    body = (
      <Box
        component="ul"
        aria-label="Your extractions"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {list.data.items.map((item) => {
          const name = sourceName(item.source);
          const open = item.id === openId;
          return (
            <Box
              component="li"
              key={item.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                p: 1,
                pl: 1.5,
                border: 1,
                borderColor: open ? 'primary.main' : 'divider',
                borderRadius: 1,
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={extractionPagePath(item.id)}
                  aria-current={open ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(item.id);
                  }}
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {name}
                </Link>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {factsOf(item)}
                </Typography>
              </Box>
              <IconButton
                aria-label={`Delete the extraction of ${name} from ${formatDateTime(item.createdAt)}`}
                onClick={() => setDeleting(item)}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
    );

  return (
    <Box component="section" aria-labelledby="history-heading" sx={{ display: 'grid', gap: space.inline }}>
      <Typography id="history-heading" component="h2" variant="h2">
        Your extractions
      </Typography>
      {body}
      <DeleteExtractionDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDelete={async (item) => {
          await remove.mutateAsync(item.id);
          onDeleted(item.id);
        }}
      />
    </Box>
  );
}
