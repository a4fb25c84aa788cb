import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PaperSummary } from '../../../../contracts/research.ts';
import { TextLink } from '../../../components/text-link.tsx';
import { paperPagePath } from '../../../lib/research-paths.ts';

/** "Koren, Bell and Volinsky", or the first three and "et al." for longer lists. */
export function authorLine(authors: readonly string[]): string {
  if (authors.length === 0) return 'Unknown authors';
  if (authors.length > 3) return `${authors.slice(0, 3).join(', ')} et al.`;
  if (authors.length === 1) return authors[0] ?? '';
  return `${authors.slice(0, -1).join(', ')} and ${authors[authors.length - 1]}`;
}

/** "Computer, 2009 · 12 readers · Code": what tells a paper apart in a list. */
export function paperFacts(paper: PaperSummary): string {
  const place = [paper.venue, paper.year].filter(Boolean).join(', ');
  const readers =
    paper.readers > 0 ? `${paper.readers} ${paper.readers === 1 ? 'reader' : 'readers'}` : undefined;
  return [place, readers, paper.hasCode ? 'Code' : undefined].filter(Boolean).join(' · ');
}

/**
 * A paper in a list: its title linked to its page, the authors, where and when it appeared, and its TL;DR.
 * `children` adds to it (an editor's note, why it is related). Lives in an `<li>` the caller draws.
 */
export function PaperItem({
  paper,
  children,
  heading = 'h3',
}: {
  paper: PaperSummary;
  children?: ReactNode;
  /** The title's heading level, one below the list's. */
  heading?: 'h3' | 'h4';
}) {
  const facts = paperFacts(paper);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component={heading} variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        <TextLink to={paperPagePath(paper.id)}>{paper.title}</TextLink>
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {authorLine(paper.authors)}
      </Typography>
      {facts ? (
        <Typography variant="body2" color="text.secondary">
          {facts}
        </Typography>
      ) : null}
      {paper.tldr ? (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {paper.tldr}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

/** A plain list of papers, one per row, each an `<li>`. */
export const paperListSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'minmax(0, 1fr)',
} as const;
