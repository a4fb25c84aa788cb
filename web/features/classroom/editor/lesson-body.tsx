import { lazy, memo, Suspense, useId } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { suggestCardTitles } from '../../../lib/classroom-authoring-api.ts';

// CodeMirror is its own chunk, as in the card builder; memoised so typing renders only the preview.
const MarkdownEditor = lazy(async () => ({
  default: memo((await import('../../../components/markdown-editor/markdown-editor.tsx')).MarkdownEditor),
}));

const suggest = async (query: string, signal: AbortSignal) =>
  (await suggestCardTitles(query, signal)).map((item) => ({ title: item.title, mine: item.mine }));

/** A lesson's text: the card builder's Markdown editor, with the preview beside it (below it on a phone). */
export function LessonBody({ body, onChange }: { body: string; onChange: (body: string) => void }) {
  const helpId = useId();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Box>
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading the editor" />}>
          <MarkdownEditor
            initialValue={body}
            onChange={onChange}
            label="Lesson text, in Markdown"
            describedBy={helpId}
            placeholderText="Write the lesson in Markdown. Type [[ to link a card."
            suggestTitles={suggest}
          />
        </Suspense>
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Markdown with $math$, ```code``` and [[links]] to cards.
        </Typography>
      </Box>
      <Box
        component="section"
        aria-label="Preview of the lesson text"
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
        <Markdown source={body} />
      </Box>
    </Box>
  );
}
