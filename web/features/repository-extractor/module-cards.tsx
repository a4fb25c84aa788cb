import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cardVisibilities, type CardVisibility } from '../../../contracts/cards.ts';
import type { Extraction } from '../../../contracts/extractor.ts';
import { TextLink } from '../../components/text-link.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { space } from '../../lib/spacing.ts';
import { useMakeCards } from './api.ts';

const visibilityLabels: Record<CardVisibility, string> = {
  private: 'Private: only you',
  unlisted: 'Unlisted: anyone with the link',
  public: 'Public: in Explore',
};

/** Where a module opens in the code visualiser (the same address its card links to). */
function visualiserPath(extractionId: string, module: string | null): string {
  const query = new URLSearchParams({ extraction: extractionId });
  if (module) query.set('path', module);
  return `/code_visualizer?${query.toString()}`;
}

/**
 * The module cards: made once, on request, as private cards unless chosen otherwise; then each card with a
 * link to it and to its module in the code visualiser.
 */
export function ModuleCards({ viewer, extraction }: { viewer: string; extraction: Extraction }) {
  const [visibility, setVisibility] = useState<CardVisibility>('private');
  const make = useMakeCards(viewer);
  const cards = extraction.cards && extraction.cards.length > 0 ? extraction.cards : null;
  return (
    <Box
      component="section"
      aria-labelledby="module-cards-heading"
      sx={{ display: 'grid', gap: space.inline }}
    >
      <Typography id="module-cards-heading" component="h4" variant="h4">
        Module cards
      </Typography>
      {cards ? (
        <Box component="ul" aria-label="Cards made" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {cards.map((card) => (
            <li key={card.id}>
              <TextLink to={`/cards/${card.id}`}>{card.title}</TextLink>
              {' · '}
              <TextLink to={visualiserPath(extraction.id, card.module)}>
                {card.module === null ? 'Open the repository in the visualiser' : 'Open in the visualiser'}
              </TextLink>
            </li>
          ))}
        </Box>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            A card for the repository and one for each module: what it is for, its public exports, the modules
            it depends on and those that use it, linked to each other.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: space.inline, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Who sees them"
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as CardVisibility)}
              sx={{ minWidth: 240 }}
            >
              {cardVisibilities.map((value) => (
                <MenuItem key={value} value={value}>
                  {visibilityLabels[value]}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              disabled={make.isPending}
              onClick={() => make.mutate({ id: extraction.id, body: { visibility } })}
            >
              {make.isPending ? 'Making cards…' : 'Make cards'}
            </Button>
          </Box>
          {make.isError ? <Alert severity="error">{errorSentence(make.error)}</Alert> : null}
        </>
      )}
    </Box>
  );
}
