import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { BuilderMode, BuilderUsage } from '../../../contracts/blog-builder.ts';

const number = new Intl.NumberFormat('en');
const dollars = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });

/** The chip's words for who wrote the last step. */
export const modeLabels: Record<BuilderMode, string> = {
  model: 'Written by the language model',
  composer: 'Composed from your cards (no model)',
};

/**
 * Who writes, and at what cost: the writer of the last step (and why the composer stood in, when it did),
 * the model's token use and cost, today's requests against the allowance, and the switch to the composer.
 */
export function ModeBar({
  mode,
  notice,
  usage,
  useComposer,
  onUseComposer,
}: {
  mode: BuilderMode | null;
  notice: string | null;
  usage: BuilderUsage;
  useComposer: boolean;
  onUseComposer: (value: boolean) => void;
}) {
  return (
    <Box component="section" aria-label="Writer and usage" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {mode ? <Chip label={modeLabels[mode]} color={mode === 'model' ? 'primary' : 'default'} /> : null}
        <FormControlLabel
          control={
            <Switch
              checked={useComposer || !usage.modelAvailable}
              disabled={!usage.modelAvailable}
              onChange={(event) => onUseComposer(event.target.checked)}
            />
          }
          label="Use the composer"
        />
      </Box>
      {notice ? <Alert severity="info">{notice}</Alert> : null}
      <Typography variant="body2" color="text.secondary">
        {usage.modelAvailable
          ? `${number.format(usage.requestsToday)} of ${number.format(usage.requestsPerDay)} model requests today · ${number.format(usage.promptTokens)} prompt and ${number.format(usage.completionTokens)} completion tokens${usage.cost === null ? '' : ` · ${dollars.format(usage.cost)}`}`
          : 'No language model is set up on this site: the composer arranges your cards’ own words.'}
      </Typography>
    </Box>
  );
}
