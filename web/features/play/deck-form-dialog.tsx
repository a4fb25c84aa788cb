import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  deckInputSchema,
  studyDefaults,
  type Deck,
  type DeckInput,
  type DeckPatch,
  type DeckSource,
} from '../../../contracts/play.ts';
import { ApiError } from '../../lib/api.ts';
import { TagsInput } from '../../components/tags-input.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';

/** A deck takes at most this many tags (the contract's limit). */
const deckTagsMax = 10;

const fields = deckInputSchema.shape;
const dailyLimit = z
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(0, 'At least 0')
  .max(9999, 'At most 9999');

// The contract's own rules for each field, so the form refuses what the server would; the source is flattened
// into separate fields, one control each.
const formSchema = z
  .object({
    name: fields.name,
    description: z.string().trim().max(500, 'At most 500 characters'),
    sourceKind: z.enum(['tags', 'collection', 'liked']),
    tags: z.array(z.string()),
    scope: z.enum(['everyone', 'mine']),
    includeReversed: z.boolean(),
    newPerDay: dailyLimit,
    reviewsPerDay: dailyLimit,
  })
  .superRefine((values, context) => {
    if (values.sourceKind === 'tags' && values.tags.length === 0)
      context.addIssue({ code: 'custom', path: ['tags'], message: 'Choose at least one tag' });
  });
type FormValues = z.input<typeof formSchema>;

/** Values a suggestion fills in a new deck's form ("Study this deck" on the home page). */
export type DeckFormStart = Partial<FormValues>;
type FieldName = keyof FormValues;

/** The form's field for a field the server named (`source.tags.0` is the tags input). */
function formFieldOf(path: string): FieldName | null {
  if (path.startsWith('source.tags')) return 'tags';
  if (path.startsWith('source.scope')) return 'scope';
  if (path.startsWith('source')) return 'sourceKind';
  const name = path.split('.')[0];
  const known: FieldName[] = ['name', 'description', 'includeReversed', 'newPerDay', 'reviewsPerDay'];
  return known.find((field) => field === name) ?? null;
}

function valuesOf(deck: Deck | null, start?: Partial<FormValues>): FormValues {
  const source = deck?.source;
  return {
    name: deck?.name ?? '',
    description: deck?.description ?? '',
    sourceKind: source?.kind ?? 'tags',
    tags: source?.kind === 'tags' ? source.tags : [],
    scope: source?.kind === 'tags' ? source.scope : 'everyone',
    includeReversed: deck?.includeReversed ?? false,
    newPerDay: deck?.newPerDay ?? studyDefaults.newPerDay,
    reviewsPerDay: deck?.reviewsPerDay ?? studyDefaults.reviewsPerDay,
    ...start,
  };
}

function sourceOf(values: FormValues): DeckSource {
  if (values.sourceKind === 'tags') return { kind: 'tags', tags: values.tags, scope: values.scope };
  return { kind: values.sourceKind };
}

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself to focus it. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

/**
 * The new-deck and edit-deck form, in a dialog: name, description, what the deck is made from (tags with a
 * scope, a collection, liked cards), reversed flashcards and the daily limits. The server's field errors are
 * shown beside their fields; nothing typed is lost when it refuses.
 */
export function DeckFormDialog({
  open,
  deck,
  start,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** The deck to edit, or null for a new one. */
  deck: Deck | null;
  /** Values a suggestion fills in ("Study this deck"). */
  start?: DeckFormStart;
  onClose: () => void;
  /** Sends the deck; the dialog closes itself when this resolves. */
  onSubmit: (input: DeckInput | DeckPatch) => Promise<unknown>;
}) {
  return (
    <SheetDialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper">
      {/* Mounted only while open, so every opening starts from the deck as it is now. */}
      {open ? <DeckForm deck={deck} start={start} onClose={onClose} onSubmit={onSubmit} /> : null}
    </SheetDialog>
  );
}

function DeckForm({
  deck,
  start,
  onClose,
  onSubmit,
}: {
  deck: Deck | null;
  start?: Partial<FormValues> | undefined;
  onClose: () => void;
  onSubmit: (input: DeckInput | DeckPatch) => Promise<unknown>;
}) {
  const formId = useId();
  const tagsId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(deck, start),
  });
  const sourceKind = useWatch({ control, name: 'sourceKind' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    let input: DeckInput | DeckPatch;
    if (deck === null) {
      input = {
        name: values.name,
        description: values.description,
        source: sourceOf(values),
        includeReversed: values.includeReversed,
        newPerDay: values.newPerDay,
        reviewsPerDay: values.reviewsPerDay,
      };
    } else {
      // Only what changed, so an edit made meanwhile elsewhere is not overwritten with this form's older copy.
      const patch: DeckPatch = {};
      if (dirtyFields.name) patch.name = values.name;
      if (dirtyFields.description) patch.description = values.description;
      if (dirtyFields.sourceKind || dirtyFields.tags || dirtyFields.scope) patch.source = sourceOf(values);
      if (dirtyFields.includeReversed) patch.includeReversed = values.includeReversed;
      if (dirtyFields.newPerDay) patch.newPerDay = values.newPerDay;
      if (dirtyFields.reviewsPerDay) patch.reviewsPerDay = values.reviewsPerDay;
      if (Object.keys(patch).length === 0) {
        onClose();
        return;
      }
      input = patch;
    }
    try {
      await onSubmit(input);
      onClose();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fields : [];
      const unnamed: string[] = [];
      let focused = false;
      for (const field of fieldErrors) {
        const name = formFieldOf(field.path);
        if (name === null) {
          unnamed.push(field.message);
          continue;
        }
        setError(name, { type: 'server', message: field.message }, { shouldFocus: !focused });
        focused = true;
      }
      if (fieldErrors.length === 0) setFailure(errorSentence(error));
      else
        setFailure(
          ['The deck was not saved. Correct the marked fields and try again.', ...unnamed].join(' '),
        );
    }
  });

  return (
    <>
      <DialogTitle>{deck ? 'Edit deck' : 'New deck'}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id={formId} noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
          <TextField
            label="Name"
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            {...registered(register('name'))}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            error={Boolean(errors.description)}
            helperText={errors.description?.message ?? 'Optional: what the deck is for.'}
            {...registered(register('description'))}
          />
          <Controller
            name="sourceKind"
            control={control}
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)}>
                <FormLabel id={`${formId}-source`}>Made from</FormLabel>
                <RadioGroup
                  aria-labelledby={`${formId}-source`}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  <FormControlLabel value="tags" control={<Radio />} label="Cards with tags" />
                  <FormControlLabel
                    value="collection"
                    control={<Radio />}
                    label="A collection: cards you add one by one with “Study this”"
                  />
                  <FormControlLabel value="liked" control={<Radio />} label="The cards you liked" />
                </RadioGroup>
                {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
          {sourceKind === 'tags' ? (
            <>
              <Controller
                name="tags"
                control={control}
                render={({ field, fieldState }) => (
                  <TagsInput
                    id={tagsId}
                    tags={field.value}
                    onChange={field.onChange}
                    max={deckTagsMax}
                    tooMany={`A deck takes at most ${deckTagsMax} tags.`}
                    hint="Press Enter or a comma after each tag. A tag takes its nested tags too: ml takes ml/recsys."
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                name="scope"
                control={control}
                render={({ field, fieldState }) => (
                  <FormControl error={Boolean(fieldState.error)}>
                    <FormLabel id={`${formId}-scope`}>Whose cards</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby={`${formId}-scope`}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value)}
                    >
                      <FormControlLabel
                        value="everyone"
                        control={<Radio />}
                        label="Everyone’s public cards"
                      />
                      <FormControlLabel value="mine" control={<Radio />} label="Only mine" />
                    </RadioGroup>
                    {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
                  </FormControl>
                )}
              />
            </>
          ) : null}
          <Controller
            name="includeReversed"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label="Also ask flashcards back to front"
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="New items per day"
              type="number"
              fullWidth
              slotProps={{ htmlInput: { min: 0, max: 9999, inputMode: 'numeric' } }}
              error={Boolean(errors.newPerDay)}
              helperText={errors.newPerDay?.message}
              {...registered(register('newPerDay', { valueAsNumber: true }))}
            />
            <TextField
              label="Reviews per day"
              type="number"
              fullWidth
              slotProps={{ htmlInput: { min: 0, max: 9999, inputMode: 'numeric' } }}
              error={Boolean(errors.reviewsPerDay)}
              helperText={errors.reviewsPerDay?.message}
              {...registered(register('reviewsPerDay', { valueAsNumber: true }))}
            />
          </Stack>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained" disabled={isSubmitting}>
          {deck ? 'Save' : 'Create deck'}
        </Button>
      </DialogActions>
    </>
  );
}
