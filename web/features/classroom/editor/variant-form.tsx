import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { questionKinds, type QuestionKind, type QuestionVariant } from '../../../../contracts/classroom.ts';
import { optionLetter, variantOfKind } from './draft-edits.ts';
import { ListField, NumberField } from './fields.tsx';

const kindLabels: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  text: 'Text answer',
  numeric: 'Number',
};

type Choice = Extract<QuestionVariant, { kind: 'single' | 'multiple' }>;
type Option = Choice['options'][number];

/** One form of a question: its kind, prompt and worked answer, and what is right for its kind. */
export function VariantForm({
  variant,
  name,
  onChange,
}: {
  variant: QuestionVariant;
  /** "Question 2, variant 1": the start of every label, so each field says which question it is of. */
  name: string;
  onChange: (variant: QuestionVariant) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        select
        label={`${name}: kind`}
        value={variant.kind}
        onChange={(event) => onChange(variantOfKind(event.target.value as QuestionKind, variant))}
        size="small"
      >
        {questionKinds.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {kindLabels[kind]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={`${name}: prompt`}
        value={variant.prompt}
        onChange={(event) => onChange({ ...variant, prompt: event.target.value })}
        multiline
        minRows={2}
        helperText="Markdown, with $math$ and code."
      />
      {variant.kind === 'single' || variant.kind === 'multiple' ? (
        <ChoiceFields variant={variant} name={name} onChange={onChange} />
      ) : null}
      {variant.kind === 'text' ? (
        <ListField
          lines
          label={`${name}: accepted answers`}
          value={variant.accepted}
          onChange={(accepted) => onChange({ ...variant, accepted })}
          helperText="One a line. Case, accents, spacing and punctuation are ignored."
        />
      ) : null}
      {variant.kind === 'numeric' ? (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <NumberField
            label={`${name}: answer`}
            value={variant.answer}
            onChange={(answer) => onChange({ ...variant, answer })}
          />
          <NumberField
            label={`${name}: tolerance`}
            value={variant.tolerance}
            onChange={(tolerance) => onChange({ ...variant, tolerance })}
          />
          <TextField
            label={`${name}: unit (optional)`}
            value={variant.unit ?? ''}
            onChange={(event) => {
              const { unit: _unit, ...rest } = variant;
              onChange(event.target.value ? { ...rest, unit: event.target.value } : rest);
            }}
          />
        </Box>
      ) : null}
      <TextField
        label={`${name}: explanation`}
        value={variant.explanation}
        onChange={(event) => onChange({ ...variant, explanation: event.target.value })}
        multiline
        minRows={2}
        helperText="The worked answer, shown once the question is answered."
      />
    </Box>
  );
}

/** The options of a choice question; radio buttons mark the one right answer, checkboxes the several. */
function ChoiceFields({
  variant,
  name,
  onChange,
}: {
  variant: Choice;
  name: string;
  onChange: (variant: QuestionVariant) => void;
}) {
  const isCorrect = (id: string) =>
    variant.kind === 'single' ? variant.correct === id : variant.correct.includes(id);
  const setOptions = (options: Option[], correctOf: (id: string) => string | undefined) => {
    // Options are lettered in order again; the right answers follow their options.
    const relettered = options.map((option, index) => ({ ...option, id: optionLetter(index) }));
    const renamed = (id: string) => correctOf(id);
    if (variant.kind === 'single') {
      onChange({ ...variant, options: relettered, correct: renamed(variant.correct) ?? 'a' });
    } else {
      const correct = variant.correct.flatMap((id) => {
        const next = renamed(id);
        return next ? [next] : [];
      });
      onChange({ ...variant, options: relettered, correct });
    }
  };
  const toggle = (id: string, on: boolean) => {
    if (variant.kind === 'single') onChange({ ...variant, correct: id });
    else {
      const correct = on ? [...variant.correct, id].sort() : variant.correct.filter((other) => other !== id);
      onChange({ ...variant, correct });
    }
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {name}: options ({variant.kind === 'single' ? 'mark the right one' : 'mark every right one'})
      </Typography>
      {variant.options.map((option, index) => {
        const letter = option.id;
        return (
          <Box
            key={index}
            sx={{ display: 'grid', gap: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <FormControlLabel
                sx={{ mr: 0 }}
                label={`${letter} is right`}
                control={
                  variant.kind === 'single' ? (
                    <Radio
                      checked={isCorrect(letter)}
                      onChange={() => toggle(letter, true)}
                      slotProps={{ input: { name: `${name}-correct` } }}
                    />
                  ) : (
                    <Checkbox
                      checked={isCorrect(letter)}
                      onChange={(event) => toggle(letter, event.target.checked)}
                    />
                  )
                }
              />
              <Box sx={{ flex: 1 }} />
              <IconButton
                aria-label={`${name}: remove option ${letter}`}
                disabled={variant.options.length <= 2}
                onClick={() =>
                  setOptions(
                    variant.options.filter((_, at) => at !== index),
                    (id) => {
                      const at = variant.options.findIndex((other) => other.id === id);
                      if (at === index) return undefined;
                      return optionLetter(at > index ? at - 1 : at);
                    },
                  )
                }
                sx={{ width: 44, height: 44 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
            <TextField
              label={`${name}: option ${letter}`}
              value={option.text}
              onChange={(event) =>
                onChange({
                  ...variant,
                  options: variant.options.map((other, at) =>
                    at === index ? { ...other, text: event.target.value } : other,
                  ),
                } as Choice)
              }
              size="small"
            />
            <TextField
              label={`${name}: feedback for ${letter} (optional)`}
              value={option.feedback ?? ''}
              onChange={(event) =>
                onChange({
                  ...variant,
                  options: variant.options.map((other, at) => {
                    if (at !== index) return other;
                    const { feedback: _feedback, ...rest } = other;
                    return event.target.value ? { ...rest, feedback: event.target.value } : rest;
                  }),
                } as Choice)
              }
              size="small"
            />
          </Box>
        );
      })}
      <Box>
        <Button
          disabled={variant.options.length >= 8}
          onClick={() =>
            onChange({
              ...variant,
              options: [...variant.options, { id: optionLetter(variant.options.length), text: '' }],
            } as Choice)
          }
          sx={{ minHeight: 44 }}
        >
          Add an option
        </Button>
      </Box>
    </Box>
  );
}
