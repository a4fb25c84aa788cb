import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BuilderDraft, BuilderSource } from '../../../contracts/blog-builder.ts';
import { footnoteNumbers } from './draft-text.ts';

/**
 * What the editor will receive, laid out by its parts: the title, the headings, the paragraphs with their
 * footnote references and the footnotes naming the cards. The Markdown text itself is made on the server
 * from the draft (one function for both, in contracts/), so this shows the structure rather than a second,
 * possibly different rendering of the text.
 */
export function MarkdownPreview({
  draft,
  sources,
}: {
  draft: BuilderDraft;
  sources: readonly BuilderSource[];
}) {
  const numbers = footnoteNumbers(draft);
  const titleOf = (id: string) => sources.find((source) => source.id === id)?.title ?? id;
  return (
    <Box
      role="region"
      aria-label="What the editor receives"
      tabIndex={0}
      sx={{
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: '0.875rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'inherit', mb: 1 }}>
        The editor receives the post as Markdown with footnotes: each [^n] points to a source card.
      </Typography>
      {draft.sections.length === 0 && !draft.title ? null : (
        <>
          {/* The editor has a field of its own for the title; the body starts at the first section. */}
          <Box component="p" sx={{ m: 0, fontFamily: 'inherit', color: 'text.secondary' }}>
            Title: {draft.title}
          </Box>
          {draft.sections.map((section, index) => (
            <Box key={index}>
              <Box component="p" sx={{ mb: 0 }}>
                ## {section.heading}
              </Box>
              {section.paragraphs.map((paragraph, at) => (
                <Box component="p" key={at} sx={{ mb: 0 }}>
                  {paragraph.sentences
                    .map(
                      (sentence) =>
                        sentence.text.trim() +
                        sentence.cardIds.map((id) => `[^${numbers.get(id) ?? 0}]`).join(''),
                    )
                    .join(' ')}
                </Box>
              ))}
            </Box>
          ))}
          {[...numbers].map(([id, n], index) => (
            <Box component="p" key={id} sx={{ mb: 0, mt: index === 0 ? 2 : 0 }}>
              [^{n}]: [{titleOf(id)}](/cards/{id})
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}
