import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { draftMarkdown } from '../../../contracts/blog-builder-markdown.ts';
import type { BuilderDraft, BuilderSource } from '../../../contracts/blog-builder.ts';

/**
 * Exactly the Markdown the editor receives from "Open in editor": the server makes the post's body with the
 * same function. The title is shown apart, since the editor has a field of its own for it.
 */
export function MarkdownPreview({
  draft,
  sources,
}: {
  draft: BuilderDraft;
  sources: readonly BuilderSource[];
}) {
  const titles = new Map(sources.map((source) => [source.id, source.title]));
  return (
    <Box role="region" aria-label="What the editor receives" tabIndex={0}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Title: {draft.title}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontSize: '0.875rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {draftMarkdown(draft, titles)}
      </Box>
    </Box>
  );
}
