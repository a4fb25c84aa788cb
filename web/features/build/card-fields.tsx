import { memo } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { cardLimits } from '../../../contracts/card-text.ts';
import { cardTypes, cardVisibilities } from '../../../contracts/cards.ts';
import type { CardType, CardVisibility } from '../../../contracts/cards.ts';
import type { BuilderContent, FieldInputs } from './content.ts';
import { cardTypeLabels, visibilityLabels } from './labels.ts';
import { TypeFields } from './type-fields.tsx';

/** The title field's id, for moving focus to it when it has a problem. */
export const titleId = 'build-title';

interface CardFieldsProps {
  title: string;
  type: CardType;
  visibility: CardVisibility;
  fields: FieldInputs;
  /** The problems known now, by path (`title`, `fields.front`, …). */
  errors: Record<string, string | undefined>;
  /** A change to the content, with the paths whose server problems it answers. */
  onChange: (patch: Partial<BuilderContent>, paths?: string[]) => void;
  onFieldsChange: (fields: FieldInputs) => void;
  onLeave: (key: keyof FieldInputs) => void;
}

/**
 * The card's fields above its text: title, type, who can see it, and the fields its type adds. Memoised, with
 * stable callbacks from the builder, so typing in the text does not render them again.
 */
export const CardFields = memo(function CardFields({
  title,
  type,
  visibility,
  fields,
  errors,
  onChange,
  onFieldsChange,
  onLeave,
}: CardFieldsProps) {
  return (
    <>
      <TextField
        id={titleId}
        label="Title"
        value={title}
        onChange={(event) => onChange({ title: event.target.value }, ['title'])}
        error={Boolean(errors.title)}
        helperText={errors.title ?? `${title.length} of ${cardLimits.title.max} characters`}
        slotProps={{ htmlInput: { maxLength: cardLimits.title.max } }}
        fullWidth
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
        <TextField
          select
          id="build-type"
          label="Card type"
          value={type}
          onChange={(event) => onChange({ type: event.target.value as CardType })}
          sx={{ minWidth: 200 }}
        >
          {cardTypes.map((each) => (
            <MenuItem key={each} value={each}>
              {cardTypeLabels[each]}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset">
          <FormLabel component="legend">Who can see it</FormLabel>
          <RadioGroup
            row
            name="visibility"
            value={visibility}
            onChange={(event) => onChange({ visibility: event.target.value as CardVisibility })}
          >
            {cardVisibilities.map((each) => (
              <FormControlLabel
                key={each}
                value={each}
                control={<Radio />}
                label={`${visibilityLabels[each].label} (${visibilityLabels[each].help})`}
              />
            ))}
          </RadioGroup>
        </FormControl>
      </Box>
      <TypeFields type={type} fields={fields} onChange={onFieldsChange} errors={errors} onLeave={onLeave} />
    </>
  );
});
