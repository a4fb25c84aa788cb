import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BuilderDraft, BuilderSource } from '../../../contracts/blog-builder.ts';
import { footnoteNumbers, unsourcedCount, unsourcedSentence } from './draft-text.ts';

type Sentence = BuilderDraft['sections'][number]['paragraphs'][number]['sentences'][number];

/** A card's title as the sources give it; a card no longer among them is still named, if plainly. */
function titleOf(sources: readonly BuilderSource[], id: string): string {
  return sources.find((source) => source.id === id)?.title ?? 'A card no longer among the sources';
}

/** A sentence and its numbered citations; one without a source is marked in words as well as by its look. */
function SentenceView({
  sentence,
  numbers,
  sources,
}: {
  sentence: Sentence;
  numbers: ReadonlyMap<string, number>;
  sources: readonly BuilderSource[];
}) {
  const citations = sentence.cardIds.map((id) => {
    const n = numbers.get(id) ?? 0;
    const title = titleOf(sources, id);
    return (
      <sup key={id}>
        <Tooltip title={title} describeChild>
          <Link component={RouterLink} to={`/cards/${id}`} aria-label={`Source ${n}: ${title}`}>
            [{n}]
          </Link>
        </Tooltip>
      </sup>
    );
  });
  if (sentence.cardIds.length > 0)
    return (
      <span>
        {sentence.text}
        {citations}{' '}
      </span>
    );
  return (
    <>
      <Box
        component="mark"
        data-unsourced=""
        sx={{
          bgcolor: 'transparent',
          color: 'inherit',
          textDecorationLine: 'underline',
          textDecorationStyle: 'wavy',
          textDecorationColor: (theme) => theme.palette.warning.main,
        }}
      >
        {sentence.text}
        <Typography
          component="span"
          variant="caption"
          sx={{
            ml: 0.5,
            px: 0.5,
            border: 1,
            borderColor: 'warning.main',
            borderRadius: 0.5,
            fontStyle: 'italic',
          }}
        >
          no source
        </Typography>
      </Box>{' '}
    </>
  );
}

/**
 * A draft as the reader will meet it: headings and paragraphs, each sentence followed by numbered links to
 * the cards it came from (numbered in the order first cited), and the sources listed at the end. Sentences
 * with no source are marked, and counted at the top.
 */
export function DraftView({ draft, sources }: { draft: BuilderDraft; sources: readonly BuilderSource[] }) {
  const numbers = footnoteNumbers(draft);
  const unsourced = unsourcedCount(draft);
  const sourcesId = useId();
  return (
    <Box
      component="article"
      aria-label={draft.title || 'Draft'}
      sx={{ display: 'grid', gap: 1, minWidth: 0 }}
    >
      {unsourced > 0 ? (
        <Alert severity="warning" role="note">
          {unsourcedSentence(unsourced)}. Check them, or give them a card.
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Every sentence names the cards it came from.
        </Typography>
      )}
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.5rem', overflowWrap: 'anywhere' }}>
        {draft.title}
      </Typography>
      {draft.sections.map((section, index) => (
        <Box key={index} component="section" sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h4" component="h4" sx={{ fontSize: '1.2rem', overflowWrap: 'anywhere' }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph, at) => (
            <Typography key={at} sx={{ overflowWrap: 'anywhere' }}>
              {paragraph.sentences.map((sentence, n) => (
                <SentenceView key={n} sentence={sentence} numbers={numbers} sources={sources} />
              ))}
            </Typography>
          ))}
        </Box>
      ))}
      {numbers.size > 0 ? (
        <Box component="section" aria-labelledby={sourcesId}>
          <Typography id={sourcesId} variant="h4" component="h4" sx={{ fontSize: '1rem' }}>
            Sources
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
            {[...numbers].map(([id, n]) => (
              <li key={id} value={n}>
                <Link component={RouterLink} to={`/cards/${id}`}>
                  {titleOf(sources, id)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
