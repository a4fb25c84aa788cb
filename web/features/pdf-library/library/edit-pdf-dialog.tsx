import { useId, useState } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  pdfRules,
  pdfUpdateSchema,
  readStatuses,
  readStatusLabels,
  type PdfCollection,
  type PdfDocument,
  type PdfUpdate,
  type ReadStatus,
} from '../../../../contracts/pdfs.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { TagsInput } from '../../../components/tags-input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { PaperCardField } from './paper-card-field.tsx';

/** The form's fields: text as typed, turned into the contract's shape on saving. */
interface FormValues {
  title: string;
  /** One author a line. */
  authors: string;
  year: string;
  doi: string;
  arxivId: string;
  tags: string[];
  collectionIds: string[];
  status: ReadStatus;
}
type FieldName = keyof FormValues;
const fieldNames: readonly FieldName[] = [
  'title',
  'authors',
  'year',
  'doi',
  'arxivId',
  'tags',
  'collectionIds',
  'status',
];

function valuesOf(document: PdfDocument): FormValues {
  return {
    title: document.title,
    authors: document.authors.join('\n'),
    year: document.year === null ? '' : String(document.year),
    doi: document.doi ?? '',
    arxivId: document.arxivId ?? '',
    tags: document.tags,
    collectionIds: document.collectionIds,
    status: document.status,
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The fields that differ from the stored PDF, in the contract's shape; a year that is no number is NaN. */
function changesOf(document: PdfDocument, values: FormValues): PdfUpdate {
  const year = values.year.trim();
  const next: Required<
    Pick<PdfUpdate, 'title' | 'authors' | 'year' | 'doi' | 'arxivId' | 'tags' | 'collectionIds' | 'status'>
  > = {
    title: values.title.trim(),
    authors: values.authors
      .split('\n')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    year: year === '' ? null : /^\d+$/.test(year) ? Number(year) : Number.NaN,
    doi: blankToNull(values.doi),
    arxivId: blankToNull(values.arxivId),
    tags: values.tags,
    collectionIds: values.collectionIds,
    status: values.status,
  };
  const patch: PdfUpdate = {};
  for (const name of fieldNames) {
    if (JSON.stringify(next[name]) !== JSON.stringify(document[name]))
      Object.assign(patch, { [name]: next[name] });
  }
  return patch;
}

/** The form's field for a path the contract or the server named (`authors.2` is the authors box). */
function fieldOf(path: string): FieldName | null {
  const name = path.split('.')[0];
  return fieldNames.find((field) => field === name) ?? null;
}

// The contract's own sentences for what the browser checks, except where zod's default would read as a
// programmer's note.
const yearProblem = 'Enter a year between 1000 and 3000, or leave it empty';
const authorProblem = 'Each author’s name has at most 200 characters, and at most 100 authors';

function sentenceFor(field: FieldName, message: string): string {
  if (field === 'year') return yearProblem;
  if (field === 'authors') return authorProblem;
  return message;
}

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself to focus it. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

/**
 * The details of one PDF in a dialog: title, authors, year, DOI, arXiv id, tags, collections and read status.
 * Only what changed is sent; the contract's rules are checked first, and the server's field errors show on
 * their fields, with nothing typed lost.
 */
export function EditPdfDialog({
  document,
  collections,
  onClose,
  onSave,
}: {
  /** The PDF to edit; null keeps the dialog closed. */
  document: PdfDocument | null;
  collections: readonly PdfCollection[];
  onClose: () => void;
  /** Sends the changes; the dialog closes when this resolves. */
  onSave: (document: PdfDocument, update: PdfUpdate) => Promise<unknown>;
}) {
  return (
    <SheetDialog open={document !== null} onClose={onClose} maxWidth="sm" fullWidth scroll="paper">
      {/* Mounted only while open, so every opening starts from the PDF as it is now. */}
      {document ? (
        <EditForm document={document} collections={collections} onClose={onClose} onSave={onSave} />
      ) : null}
    </SheetDialog>
  );
}

function EditForm({
  document,
  collections,
  onClose,
  onSave,
}: {
  document: PdfDocument;
  collections: readonly PdfCollection[];
  onClose: () => void;
  onSave: (document: PdfDocument, update: PdfUpdate) => Promise<unknown>;
}) {
  const formId = useId();
  const tagsId = useId();
  const statusId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: valuesOf(document) });

  /** Shows each problem on its field, focusing the first; returns the sentences no field could take. */
  const markFields = (problems: readonly { path: string; message: string }[]): string[] => {
    const unplaced: string[] = [];
    let focused = false;
    for (const problem of problems) {
      const field = fieldOf(problem.path);
      if (field === null) {
        unplaced.push(problem.message);
        continue;
      }
      setError(field, { type: 'server', message: problem.message }, { shouldFocus: !focused });
      focused = true;
    }
    return unplaced;
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const patch = changesOf(document, values);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    const checked = pdfUpdateSchema.safeParse(patch);
    if (!checked.success) {
      markFields(
        checked.error.issues.map((issue) => {
          const path = issue.path.join('.');
          const field = fieldOf(path);
          return { path, message: field ? sentenceFor(field, issue.message) : issue.message };
        }),
      );
      return;
    }
    try {
      await onSave(document, checked.data);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      if (fields.length === 0) {
        setFailure(`The details were not saved. ${errorSentence(error)}`);
        return;
      }
      const unplaced = markFields(fields);
      setFailure(
        ['The details were not saved. Correct the marked fields and try again.', ...unplaced].join(' '),
      );
    }
  });

  return (
    <>
      <DialogTitle>Edit details</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id={formId} noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
          <TextField
            label="Title"
            required
            autoFocus
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            {...registered(register('title'))}
          />
          <TextField
            label="Authors"
            multiline
            minRows={2}
            error={Boolean(errors.authors)}
            helperText={errors.authors?.message ?? 'One author a line, in the order the paper lists them.'}
            {...registered(register('authors'))}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Year"
              error={Boolean(errors.year)}
              helperText={errors.year?.message}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              sx={{ flex: { sm: '0 0 8rem' } }}
              {...registered(register('year'))}
            />
            <TextField
              label="DOI"
              fullWidth
              error={Boolean(errors.doi)}
              helperText={errors.doi?.message ?? 'Such as 10.1038/nature14539'}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              {...registered(register('doi'))}
            />
          </Stack>
          <TextField
            label="arXiv id"
            error={Boolean(errors.arxivId)}
            helperText={errors.arxivId?.message ?? 'Such as 2101.01234'}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            {...registered(register('arxivId'))}
          />
          <Controller
            name="tags"
            control={control}
            render={({ field, fieldState }) => (
              <TagsInput
                id={tagsId}
                tags={field.value}
                onChange={field.onChange}
                max={pdfRules.maxTags}
                tooMany={`A PDF can have at most ${pdfRules.maxTags} tags.`}
                hint="Press Enter or a comma after each tag."
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="collectionIds"
            control={control}
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                <FormLabel component="legend">Collections</FormLabel>
                {collections.length === 0 ? (
                  <FormHelperText>
                    You have no collections yet: make one with Collections on the library page.
                  </FormHelperText>
                ) : (
                  <FormGroup>
                    {collections.map((collection) => (
                      <FormControlLabel
                        key={collection.id}
                        label={collection.name}
                        control={
                          <Checkbox
                            checked={field.value.includes(collection.id)}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked
                                  ? [...field.value, collection.id]
                                  : field.value.filter((id) => id !== collection.id),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                )}
                {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
          <TextField
            select
            id={statusId}
            label="Status"
            error={Boolean(errors.status)}
            helperText={errors.status?.message}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...registered(register('status'))}
          >
            {readStatuses.map((status) => (
              <option key={status} value={status}>
                {readStatusLabels[status]}
              </option>
            ))}
          </TextField>
          <PaperCardField document={document} />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained" disabled={isSubmitting}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}
