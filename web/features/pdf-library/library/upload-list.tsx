import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { pdfReaderPath } from '../../../../contracts/pdfs.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { formatBytes } from './format.ts';
import { pdfUploads, type UploadItem } from './upload-store.ts';

/**
 * The files put into the library, one row each: a progress bar while it is sent, then what became of it: added
 * (with a link to open it), already in the library (with a link to the copy there), or the reason it was refused.
 */
export function UploadList({ items }: { items: readonly UploadItem[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  const finished = items.some((item) => item.state.kind !== 'waiting' && item.state.kind !== 'uploading');
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          Uploads
        </Typography>
        {finished ? (
          <Button size="small" onClick={() => pdfUploads.clearFinished()}>
            Clear finished
          </Button>
        ) : null}
      </Box>
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} />
        ))}
      </Box>
    </Box>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { state } = item;
  return (
    <Box
      component="li"
      aria-label={item.name}
      sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
          {item.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatBytes(item.size)}
        </Typography>
        {state.kind === 'waiting' || state.kind === 'uploading' ? (
          <Button
            size="small"
            color="inherit"
            onClick={() => pdfUploads.cancel(item.id)}
            aria-label={`Cancel ${item.name}`}
          >
            Cancel
          </Button>
        ) : null}
        {state.kind === 'failed' && state.retryable ? (
          <Button
            size="small"
            onClick={() => pdfUploads.retry(item.id)}
            aria-label={`Try ${item.name} again`}
          >
            Try again
          </Button>
        ) : null}
      </Box>
      <UploadStatus item={item} />
    </Box>
  );
}

function UploadStatus({ item }: { item: UploadItem }) {
  const { state } = item;
  switch (state.kind) {
    case 'waiting':
      return (
        <Typography variant="body2" color="text.secondary">
          Waiting for its turn…
        </Typography>
      );
    case 'uploading': {
      const percent = Math.round(state.progress * 100);
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={`Uploading ${item.name}`}
            sx={{ flex: 1 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: '3.5em', textAlign: 'end' }}>
            {percent < 100 ? `${percent}%` : 'Checking…'}
          </Typography>
        </Box>
      );
    }
    case 'added':
    case 'existing': {
      const { document } = state;
      return (
        <Typography variant="body2" role="status">
          {state.kind === 'added' ? 'Added to your library as ' : 'Already in your library as '}
          <Link
            component={RouterLink}
            to={pdfReaderPath(document.id)}
            aria-label={`Open ${document.title}`}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {document.title}
          </Link>
          .
        </Typography>
      );
    }
    case 'failed':
      return (
        <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
          Not uploaded. {errorSentence(state.error)}
        </Typography>
      );
  }
}
