import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { PostContent } from '../../../../contracts/blog.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { changeCounts, compareTexts } from '../../../components/text-diff/compare-texts.ts';
import { TextDiff } from '../../../components/text-diff/text-diff.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { revisionQuery, revisionsQuery } from './api.ts';
import { contentOf } from './content.ts';
import { formatDateTime } from './post-labels.ts';

/** Why a revision was kept, in words. */
const reasonWords = {
  autosave: 'Autosave',
  published: 'Published',
  scheduled: 'Scheduled',
  restored: 'Restored',
  agent: 'Blog builder',
} as const;

/** A post's title and text as one text to compare by lines. */
export function comparableText(content: Pick<PostContent, 'title' | 'body'>): string {
  return `Title: ${content.title}\n\n${content.body}`;
}

function RevisionDiff({
  postId,
  number,
  current,
  onRestore,
}: {
  postId: string;
  number: number;
  current: PostContent;
  onRestore: (content: PostContent) => void;
}) {
  const headingId = useId();
  const revision = useQuery(revisionQuery(postId, number));
  const result = useMemo(
    () =>
      revision.data ? compareTexts(comparableText(revision.data), comparableText(current), 'lines') : null,
    [revision.data, current],
  );
  if (revision.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        Revision {number} could not be loaded. {errorSentence(revision.error)}
      </Alert>
    );
  if (!result || !revision.data)
    return <CircularProgress size={24} aria-label={`Loading revision ${number}`} sx={{ mt: 2 }} />;
  const { added, removed } = changeCounts(result.changes);
  const label = `Changes from revision ${number} to your working copy`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2, minWidth: 0 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Revision {number} → your working copy
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {added === 0 && removed === 0
          ? 'The title and text are the same as now.'
          : `Lines marked + are in your working copy only, lines marked - only in revision ${number}.`}
      </Typography>
      <TextDiff changes={result.changes} mode="lines" lineMarks label={label} />
      <Button
        variant="outlined"
        sx={{ mt: 2 }}
        onClick={() => revision.data && onRestore(contentOf(revision.data))}
      >
        Restore this revision
      </Button>
    </Box>
  );
}

/**
 * The post's kept revisions, newest first; choosing one compares its title and text with the working copy,
 * and "Restore this revision" puts its whole content into the editor (which autosaves it as a new revision).
 */
export function HistoryDialog({
  postId,
  open,
  current,
  onClose,
  onRestore,
}: {
  postId: string;
  open: boolean;
  current: PostContent;
  onClose: () => void;
  onRestore: (content: PostContent, number: number) => void;
}) {
  const titleId = useId();
  const revisions = useQuery({ ...revisionsQuery(postId), enabled: open });
  const [chosen, setChosen] = useState<number | null>(null);

  let list;
  if (revisions.isPending) list = <CircularProgress size={24} aria-label="Loading the history" />;
  else if (revisions.isError)
    list = <Alert severity="error">The history could not be loaded. {errorSentence(revisions.error)}</Alert>;
  else if (revisions.data.items.length === 0)
    list = <Typography color="text.secondary">No revisions have been kept yet.</Typography>;
  else
    list = (
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {revisions.data.items.map((item) => (
          <Box component="li" key={item.number} sx={{ py: 0.5 }}>
            <Button
              onClick={() => setChosen(item.number)}
              aria-pressed={chosen === item.number}
              variant={chosen === item.number ? 'contained' : 'text'}
              sx={{ textAlign: 'left', justifyContent: 'flex-start', textTransform: 'none' }}
            >
              Revision {item.number} · {reasonWords[item.reason]} · {formatDateTime(item.createdAt)}
              {item.title ? ` · “${item.title}”` : ''}
            </Button>
          </Box>
        ))}
      </Box>
    );

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>History</DialogTitle>
      <DialogContent>
        {list}
        {chosen !== null ? (
          <RevisionDiff
            postId={postId}
            number={chosen}
            current={current}
            onRestore={(content) => {
              onRestore(content, chosen);
              setChosen(null);
            }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </SheetDialog>
  );
}
