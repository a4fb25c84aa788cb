import Box from '@mui/material/Box';
import Radio from '@mui/material/Radio';
import { highlightColors, type HighlightColor } from '../../../../contracts/pdfs.ts';
import { highlightColorStyles } from './highlight-colors.ts';

/** A round swatch of a highlight colour; ringed when chosen. */
export function Swatch({ color, chosen = false }: { color: HighlightColor; chosen?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 22,
        height: 22,
        borderRadius: '50%',
        bgcolor: highlightColorStyles[color].swatch,
        border: 2,
        borderColor: chosen ? 'text.primary' : 'transparent',
        boxShadow: chosen ? (theme) => `0 0 0 2px ${theme.palette.background.paper} inset` : 'none',
      }}
    />
  );
}

/** The five colours as a radio group named "Colour" (arrow keys move between them). */
export function ColorChoice({
  value,
  onChange,
  name,
}: {
  value: HighlightColor;
  onChange: (color: HighlightColor) => void;
  name: string;
}) {
  return (
    <Box role="radiogroup" aria-label="Colour" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25 }}>
      {highlightColors.map((color) => (
        <Radio
          key={color}
          name={name}
          value={color}
          checked={value === color}
          onChange={() => onChange(color)}
          icon={<Swatch color={color} />}
          checkedIcon={<Swatch color={color} chosen />}
          slotProps={{ input: { 'aria-label': highlightColorStyles[color].label } }}
          sx={{ p: 1 }}
        />
      ))}
    </Box>
  );
}
