import { memo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CardType } from '../../../contracts/cards.ts';
import type { FieldInputs } from './content.ts';

/** The element id of a type-specific field, for labels and for moving focus to the first error. */
export function fieldElementId(key: keyof FieldInputs): string {
  return `build-field-${key}`;
}

interface TypeFieldsProps {
  type: CardType;
  fields: FieldInputs;
  onChange: (fields: FieldInputs) => void;
  /** Problems by path (`fields.front`, …): the server's on publishing, and this device's once a field is left. */
  errors: Record<string, string | undefined>;
  /** A field was left: its problems may show now. */
  onLeave: (key: keyof FieldInputs) => void;
}

/**
 * The fields a card type adds to the text: a flashcard's front and back, a code card's language, a paper's
 * authors, year, DOI and address, a link's address. Each shows its problem beside it.
 */
export const TypeFields = memo(function TypeFields({
  type,
  fields,
  onChange,
  errors,
  onLeave,
}: TypeFieldsProps) {
  const set = (key: keyof FieldInputs, value: string | string[]) => onChange({ ...fields, [key]: value });

  const text = (
    key: Exclude<keyof FieldInputs, 'authors'>,
    label: string,
    help: string,
    extra: { multiline?: boolean; inputMode?: 'numeric' | 'url'; maxLength?: number } = {},
  ) => {
    const error = errors[`fields.${key}`];
    return (
      <TextField
        id={fieldElementId(key)}
        label={label}
        value={fields[key]}
        onChange={(event) => set(key, event.target.value)}
        onBlur={() => onLeave(key)}
        error={Boolean(error)}
        helperText={error ?? help}
        fullWidth
        {...(extra.multiline ? { multiline: true, minRows: 3 } : {})}
        slotProps={{
          htmlInput: {
            ...(extra.inputMode ? { inputMode: extra.inputMode } : {}),
            maxLength: extra.maxLength ?? 2000,
          },
        }}
      />
    );
  };

  switch (type) {
    case 'flashcard':
      return (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
          {text('front', 'Front', 'The question or prompt. Markdown and math work here.', {
            multiline: true,
            maxLength: 5000,
          })}
          {text('back', 'Back', 'The answer.', { multiline: true, maxLength: 5000 })}
        </Box>
      );
    case 'cloze':
      return (
        <Typography variant="body2" color="text.secondary">
          Hide the words to recall with {'{{c1::answer}}'} in the text, or {'{{c1::answer::hint}}'} with a
          hint. Use c2, c3… to make more cards from the same text.
        </Typography>
      );
    case 'code':
      return (
        <Box sx={{ maxWidth: 360 }}>
          {text('language', 'Language', 'Such as python, typescript or sql.', { maxLength: 30 })}
        </Box>
      );
    case 'paper':
      return (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '2fr 1fr' } }}>
          <AuthorsInput
            authors={fields.authors}
            onChange={(authors) => set('authors', authors)}
            error={errors['fields.authors']}
          />
          {text('year', 'Year', 'The year it was published.', { inputMode: 'numeric', maxLength: 4 })}
          {text('doi', 'DOI', 'Such as 10.1145/3298689.3346996.', { maxLength: 200 })}
          {text('url', 'Web address', 'Where to read it: https://…', { inputMode: 'url' })}
        </Box>
      );
    case 'link':
      return text('url', 'Web address', 'The page this card is about: https://…', { inputMode: 'url' });
    case 'note':
      return null;
  }
});

/** A paper's authors as chips: type a name and press Enter. */
function AuthorsInput({
  authors,
  onChange,
  error,
}: {
  authors: string[];
  onChange: (authors: string[]) => void;
  error?: string | undefined;
}) {
  const [input, setInput] = useState('');
  const add = (values: readonly string[]) =>
    onChange([...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))].slice(0, 100));
  return (
    <Autocomplete
      multiple
      freeSolo
      id={fieldElementId('authors')}
      options={[]}
      value={authors}
      inputValue={input}
      onInputChange={(_event, value) => setInput(value)}
      onChange={(_event, values) => add(values)}
      onBlur={() => {
        if (input.trim()) {
          add([...authors, input]);
          setInput('');
        }
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Authors"
          error={Boolean(error)}
          helperText={error ?? 'Press Enter after each name.'}
        />
      )}
    />
  );
}
