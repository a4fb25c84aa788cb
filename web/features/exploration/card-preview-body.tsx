import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { normalizeTitle } from '../../../contracts/card-text.ts';
import type { Card } from '../../../contracts/cards.ts';
import { Markdown, type ResolvedLink } from '../../components/markdown/markdown.tsx';

/**
 * The card's text rendered as on its page: front and back for a flashcard, then the body. Its own module,
 * loaded when a preview first opens, so the Markdown renderer (KaTeX, Shiki) stays out of Explore's first load.
 */
export function CardPreviewBody({ card }: { card: Card }) {
  const links = useCallback(
    (title: string): ResolvedLink | null => {
      const key = normalizeTitle(title);
      const target = card.links.find((link) => normalizeTitle(link.title) === key);
      return target ? { href: `/cards/${target.id}`, title: target.title } : null;
    },
    [card.links],
  );
  return (
    <>
      {card.fields.front ? <Side label="Front" source={card.fields.front} links={links} /> : null}
      {card.fields.back ? <Side label="Back" source={card.fields.back} links={links} /> : null}
      {card.body.trim() === '' ? null : <Markdown source={card.body} links={links} />}
    </>
  );
}

function Side({
  label,
  source,
  links,
}: {
  label: string;
  source: string;
  links: (title: string) => ResolvedLink | null;
}) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="overline" component="p" color="text.secondary">
        {label}
      </Typography>
      <Markdown source={source} links={links} />
    </Box>
  );
}
