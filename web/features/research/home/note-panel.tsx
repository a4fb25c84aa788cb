import { lazy, memo, Suspense, useCallback, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { suggestCardTitles } from '../../../lib/classroom-authoring-api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { paperQuery, publishNote, useResearchViewer } from '../../../lib/research-api.ts';
import { space } from '../../../lib/spacing.ts';
import { useRefreshResearch } from './use-refresh-research.ts';
import { useNoteAutosave, type SaveStatus } from './use-note-autosave.ts';

// CodeMirror is its own chunk, as in the card builder; memoised so typing renders only the preview.
const MarkdownEditor = lazy(async () => ({
  default: memo((await import('../../../components/markdown-editor/markdown-editor.tsx')).MarkdownEditor),
}));

const suggest = async (query: string, signal: AbortSignal) =>
  (await suggestCardTitles(query, signal)).map((item) => ({ title: item.title, mine: item.mine }));

const statusWords: Record<SaveStatus, string> = {
  saved: 'Saved',
  unsaved: 'Not saved yet',
  saving: 'Saving…',
  failed: 'Could not save: it will be tried again as you type',
};

/** The person's note on a paper: loads the paper (and the note in it), then the editor. */
export function NotePanel({ paperId, headingId }: { paperId: string; headingId: string }) {
  const viewer = useResearchViewer();
  const paper = useQuery(paperQuery(viewer, paperId));
  if (paper.isPending) return <CircularProgress aria-label="Loading the note" />;
  if (paper.isError) {
    return (
      <QueryError
        error={paper.error}
        onRetry={() => void paper.refetch()}
        lead="The note could not be opened."
      />
    );
  }
  const note = paper.data.mine?.note ?? null;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: space.inline }}>
        On{' '}
        <Link component={RouterLink} to={`/research_center/papers/${paperId}`}>
          {paper.data.title}
        </Link>
      </Typography>
      <NoteEditor
        // A fresh editor (and autosave) per paper.
        key={paperId}
        paperId={paperId}
        headingId={headingId}
        initialBody={note?.body ?? ''}
        publishedCardId={note?.publishedCardId ?? null}
      />
    </Box>
  );
}

interface NoteEditorProps {
  paperId: string;
  headingId: string;
  initialBody: string;
  publishedCardId: string | null;
}

function NoteEditor({ paperId, headingId, initialBody, publishedCardId }: NoteEditorProps) {
  const refresh = useRefreshResearch();
  const [body, setBody] = useState(initialBody);
  const [cardId, setCardId] = useState(publishedCardId);
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<unknown>(null);
  const privacyId = useId();

  // The queue, the paper page and projects show the note: they are refreshed after a save (only the ones on
  // screen are fetched again); the editor keeps its own text.
  const onSaved = useCallback(() => void refresh(), [refresh]);
  const { status, change, flush } = useNoteAutosave(paperId, initialBody, onSaved);

  const onChange = useCallback(
    (value: string) => {
      setBody(value);
      change(value);
    },
    [change],
  );

  const publish = async () => {
    setPublishing(true);
    setPublishError(null);
    try {
      await flush();
      const result = await publishNote(paperId);
      setCardId(result.cardId);
      await refresh();
    } catch (error) {
      setPublishError(error);
    } finally {
      setPublishing(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: space.inline }}>
      <Typography
        id={privacyId}
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        <LockOutlinedIcon fontSize="small" aria-hidden />
        Only you can see this note, until you publish it as a card.
      </Typography>
      {/* Focus leaving the editor saves at once; focus events bubble in React. */}
      <Box onBlur={() => void flush()}>
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading the editor" />}>
          <MarkdownEditor
            initialValue={initialBody}
            onChange={onChange}
            label="Note, in Markdown"
            describedBy={privacyId}
            placeholderText="Write what the paper asks, what it found and what you make of it. Cite with [@key]."
            suggestTitles={suggest}
          />
        </Suspense>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.inline }}>
        <Typography variant="body2" role="status" color={status === 'failed' ? 'error' : 'text.secondary'}>
          {statusWords[status]}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" onClick={() => void publish()} disabled={publishing || body.trim() === ''}>
          {cardId ? 'Update the card' : 'Publish as card'}
        </Button>
      </Box>
      {cardId ? (
        <Typography variant="body2">
          Published as{' '}
          <Link component={RouterLink} to={`/cards/${cardId}`}>
            a card
          </Link>
          .
        </Typography>
      ) : null}
      {publishError ? <Alert severity="error">{errorSentence(publishError)}</Alert> : null}
      <Box
        component="section"
        aria-labelledby={`${headingId}-preview`}
        sx={{
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          minHeight: 120,
          overflowWrap: 'anywhere',
          minWidth: 0,
        }}
      >
        <Typography id={`${headingId}-preview`} variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
          Preview
        </Typography>
        {body.trim() === '' ? (
          <Typography color="text.secondary">Nothing written yet.</Typography>
        ) : (
          <Markdown source={body} />
        )}
      </Box>
    </Box>
  );
}
