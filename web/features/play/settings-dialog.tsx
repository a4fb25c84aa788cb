import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { stepSchema, studySettingsSchema, type StudySettings } from '../../../contracts/play.ts';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';

const fields = studySettingsSchema.shape;

/** Steps typed as words apart: "1m 10m". */
const stepsField = z
  .string()
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(stepSchema).max(10, 'At most 10 steps'));

const formSchema = z.object({
  desiredRetention: z
    .number({ error: 'Enter a number such as 0.9' })
    .min(0.7, 'At least 0.70')
    .max(0.99, 'At most 0.99'),
  learningSteps: stepsField,
  relearningSteps: stepsField,
  maximumIntervalDays: z
    .number({ error: 'Enter a whole number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(36_500, 'At most 36500 days'),
  burySiblings: fields.burySiblings,
  timeZone: fields.timeZone,
  dayStartsAtHour: fields.dayStartsAtHour,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type FieldName = keyof FormInput;
const fieldNames: FieldName[] = [
  'desiredRetention',
  'learningSteps',
  'relearningSteps',
  'maximumIntervalDays',
  'burySiblings',
  'timeZone',
  'dayStartsAtHour',
];

function valuesOf(settings: StudySettings): FormInput {
  return {
    ...settings,
    learningSteps: settings.learningSteps.join(' '),
    relearningSteps: settings.relearningSteps.join(' '),
  };
}

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself to focus it. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

/** Every time zone the browser knows, with the browser's own first. */
function timeZones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [own, ...all.filter((zone) => zone !== own && zone !== 'UTC'), 'UTC'].filter(
    (zone, index, list) => list.indexOf(zone) === index,
  );
}

const hourFormat = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The study settings in a dialog: how the scheduler spaces reviews and when the study day begins. */
export function SettingsDialog({
  open,
  settings,
  onClose,
  onSave,
}: {
  open: boolean;
  settings: StudySettings;
  onClose: () => void;
  onSave: (settings: StudySettings) => Promise<unknown>;
}) {
  return (
    <SheetDialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper">
      {open ? <SettingsForm settings={settings} onClose={onClose} onSave={onSave} /> : null}
    </SheetDialog>
  );
}

function SettingsForm({
  settings,
  onClose,
  onSave,
}: {
  settings: StudySettings;
  onClose: () => void;
  onSave: (settings: StudySettings) => Promise<unknown>;
}) {
  const formId = useId();
  const zones = useMemo(() => timeZones(), []);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(settings),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      const named = (error instanceof ApiError ? error.fields : []).flatMap((field) => {
        const name = fieldNames.find((candidate) => candidate === field.path.split('.')[0]);
        return name ? [{ name, message: field.message }] : [];
      });
      named.forEach((field, index) =>
        setError(field.name, { type: 'server', message: field.message }, { shouldFocus: index === 0 }),
      );
      setFailure(
        named.length > 0
          ? 'The settings were not saved. Correct the marked fields and try again.'
          : errorSentence(error),
      );
    }
  });

  return (
    <>
      <DialogTitle>Study settings</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id={formId} noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
          <TextField
            label="Desired retention"
            type="number"
            slotProps={{ htmlInput: { min: 0.7, max: 0.99, step: 0.01 } }}
            error={Boolean(errors.desiredRetention)}
            helperText={
              errors.desiredRetention?.message ??
              'The chance of remembering an item when it comes due, from 0.70 to 0.99. Higher means more reviews.'
            }
            {...registered(register('desiredRetention', { valueAsNumber: true }))}
          />
          <TextField
            label="Learning steps"
            error={Boolean(errors.learningSteps)}
            helperText={
              errors.learningSteps?.message ??
              'How long a new item waits between its first showings: minutes, hours or days, such as 1m 10m.'
            }
            {...registered(register('learningSteps'))}
          />
          <TextField
            label="Relearning steps"
            error={Boolean(errors.relearningSteps)}
            helperText={errors.relearningSteps?.message ?? 'The same for an item you forgot, such as 10m.'}
            {...registered(register('relearningSteps'))}
          />
          <TextField
            label="Maximum interval, in days"
            type="number"
            slotProps={{ htmlInput: { min: 1, max: 36_500 } }}
            error={Boolean(errors.maximumIntervalDays)}
            helperText={errors.maximumIntervalDays?.message ?? 'The longest an item waits between reviews.'}
            {...registered(register('maximumIntervalDays', { valueAsNumber: true }))}
          />
          <Controller
            name="burySiblings"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label="After grading one item of a card, leave its other items for tomorrow"
              />
            )}
          />
          <Controller
            name="timeZone"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                options={zones}
                value={field.value}
                disableClearable
                onChange={(_event, value) => field.onChange(value)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Time zone"
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'Your study day follows this clock.'}
                  />
                )}
              />
            )}
          />
          <Controller
            name="dayStartsAtHour"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                label="A new study day starts at"
                value={field.value}
                onChange={(event) => field.onChange(Number(event.target.value))}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ?? 'So that a late-night session still counts as the same day.'
                }
              >
                {Array.from({ length: 24 }, (_, hour) => (
                  <MenuItem key={hour} value={hour}>
                    {hourFormat(hour)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained" disabled={isSubmitting}>
          Save settings
        </Button>
      </DialogActions>
    </>
  );
}
