import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PdfHighlight } from '../../../../contracts/pdfs.ts';
import { pdfDetailQuery } from '../../../lib/pdfs-api.ts';

interface CardsPanelProps {
  owner: string | null;
  documentId: string;
  onJump: (highlight: PdfHighlight) => void;
}

/** The region "Cards from this PDF": each card made from a highlight, linked, with a way back to its place. */
export function CardsPanel({ owner, documentId, onJump }: CardsPanelProps) {
  const headingId = useId();
  const { data } = useQuery(pdfDetailQuery(owner, documentId));
  const cards = data?.cards ?? [];
  const highlights = new Map((data?.highlights ?? []).map((highlight) => [highlight.id, highlight]));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Cards from this PDF
      </Typography>
      {cards.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None yet. Use Make card on a highlight to turn it into a card.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {cards.map((card) => {
            const highlight = card.highlightId ? highlights.get(card.highlightId) : undefined;
            return (
              <Box component="li" key={card.id}>
                <Link component={RouterLink} to={`/cards/${card.id}`} sx={{ overflowWrap: 'anywhere' }}>
                  {card.title}
                </Link>
                <Typography variant="caption" color="text.secondary" component="div">
                  Page {card.page} · {card.status === 'draft' ? 'Draft' : 'Published'}
                  {highlight ? (
                    <>
                      {' · '}
                      <Button
                        size="small"
                        onClick={() => onJump(highlight)}
                        aria-label={`Show the highlight of ${card.title}`}
                        sx={{ minWidth: 0, p: 0, verticalAlign: 'baseline', fontSize: 'inherit' }}
                      >
                        Show highlight
                      </Button>
                    </>
                  ) : null}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
