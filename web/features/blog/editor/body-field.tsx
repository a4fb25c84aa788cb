import { lazy, memo, Suspense, useDeferredValue, useId } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { suggestCardTitles } from './api.ts';

// CodeMirror is its own chunk, as in the card builder; memoised so typing renders only the preview.
const MarkdownEditor = lazy(async () => ({
  default: memo((await import('../../../components/markdown-editor/markdown-editor.tsx')).MarkdownEditor),
}));

/**
 * The post's text: the shared Markdown editor with the card renderer's preview beside it on a wide screen and
 * below it on a narrow one. The editor owns its text: give this a new `key` to start it from other text.
 */
export function BodyField({
  initialValue,
  body,
  onChange,
  error,
}: {
  initialValue: string;
  body: string;
  onChange: (body: string) => void;
  error?: string | undefined;
}) {
  const helpId = useId();
  // The preview follows a moment behind, so typing never waits for it.
  const preview = useDeferredValue(body);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading the editor" />}>
          <MarkdownEditor
            initialValue={initialValue}
            onChange={onChange}
            label="Post text, in Markdown"
            describedBy={helpId}
            invalid={Boolean(error)}
            placeholderText="Write the post in Markdown. Type [[ to link a card."
            suggestTitles={suggestCardTitles}
          />
        </Suspense>
        <Typography id={helpId} variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
          {error ?? 'Markdown with $math$, ```code``` and [[links]] to cards.'}
        </Typography>
      </Box>
      <Box
        component="section"
        aria-label="Preview of the post text"
        sx={{
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          minHeight: 200,
          overflowWrap: 'anywhere',
          minWidth: 0,
        }}
      >
        <Markdown source={preview} />
      </Box>
    </Box>
  );
}
