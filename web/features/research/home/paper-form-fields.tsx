import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { TagsInput } from '../../../components/tags-input.tsx';
import type { PaperFieldErrors, PaperFormValues, PaperTextField } from './paper-form.ts';

/** Each text field's label, help and shape, in the order the form shows them. */
const fields: { name: PaperTextField; label: string; help?: string; rows?: number; half?: boolean }[] = [
  { name: 'title', label: 'Title' },
  { name: 'authors', label: 'Authors', help: 'One per line: "Name", or "Name | ORCID iD".', rows: 3 },
  { name: 'venue', label: 'Venue', help: 'Journal, conference or publisher.' },
  { name: 'year', label: 'Year', half: true },
  { name: 'volume', label: 'Volume', half: true },
  { name: 'issue', label: 'Issue', half: true },
  { name: 'pages', label: 'Pages', half: true },
  { name: 'doi', label: 'DOI', help: 'Like 10.1109/MC.2009.263', half: true },
  { name: 'arxivId', label: 'arXiv id', help: 'Like 1706.03762', half: true },
  { name: 'url', label: 'Web address', half: true },
  { name: 'codeUrl', label: 'Code', help: 'Where the paper’s code is.', half: true },
  { name: 'tldr', label: 'TL;DR', help: 'The paper in one sentence.', rows: 2 },
  { name: 'abstract', label: 'Abstract or summary', help: 'In your words; Markdown.', rows: 5 },
];

interface PaperFormFieldsProps {
  values: PaperFormValues;
  errors: PaperFieldErrors;
  onChange: (values: PaperFormValues) => void;
  idPrefix: string;
}

/** The fields of a paper's record, with the problems the form or the server found shown on each. */
export function PaperFormFields({ values, errors, onChange, idPrefix }: PaperFormFieldsProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {fields.map((field) => (
        <TextField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          label={field.label}
          value={values[field.name]}
          onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
          required={field.name === 'title'}
          multiline={field.rows !== undefined}
          minRows={field.rows}
          error={errors[field.name] !== undefined}
          helperText={errors[field.name] ?? field.help}
          inputMode={field.name === 'year' ? 'numeric' : undefined}
          sx={{ gridColumn: field.half ? undefined : '1 / -1' }}
        />
      ))}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TagsInput
          id={`${idPrefix}-tags`}
          tags={values.tags}
          onChange={(tags) => onChange({ ...values, tags })}
          max={10}
          tooMany="A paper can have at most 10 tags."
          hint="Type a tag and press Enter."
          error={errors.tags}
        />
      </Box>
    </Box>
  );
}
