import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { profileUpdateSchema } from '../../../contracts/profiles.ts';
import type { Profile, ProfileUpdate } from '../../../contracts/profiles.ts';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { profilesQueryRoot, updateOwnProfile } from './api.ts';
import { countryOptions } from './countries.ts';
import type { CountryOption } from './countries.ts';

export const bioLimit = 280;

// The contract's own rules for each field, so the form refuses exactly what the server would. The phone number
// is a plain string here (empty means "none"); whether it is a real number only the server can tell.
const contractFields = profileUpdateSchema.shape;
const formSchema = z.object({
  displayName: contractFields.displayName.unwrap(),
  bio: contractFields.bio.unwrap(),
  phoneNumber: contractFields.phoneNumber.unwrap().unwrap(),
  country: contractFields.country.unwrap(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type FieldName = keyof FormInput;
const fieldNames: readonly FieldName[] = ['displayName', 'bio', 'phoneNumber', 'country'];

function isFieldName(path: string): path is FieldName {
  return (fieldNames as readonly string[]).includes(path);
}

function formValues(profile: Profile): FormInput {
  return {
    displayName: profile.displayName ?? '',
    bio: profile.bio,
    phoneNumber: profile.phoneNumber ?? '',
    country: profile.country,
  };
}

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself to focus it. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

const filterCountries = createFilterOptions<CountryOption>({ stringify: (option) => option.searchText });

/**
 * A success notice in a live region that is always in the page: screen readers announce text added to an
 * existing region, but often not a region that appears together with its text.
 */
function StatusNotice({ children }: { children: ReactNode }) {
  return (
    <Box role="status" sx={{ mt: children ? 2 : 0 }}>
      {children ? <Alert severity="success">{children}</Alert> : null}
    </Box>
  );
}

/**
 * The owner's editable fields. Only the fields that changed are sent, so an edit made meanwhile in another tab
 * is not overwritten with this page's older copy. The server saves all or nothing: when it names fields, they
 * get its messages and everything typed stays as it was.
 */
export function EditProfileForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  /** Shows the saved profile on the page at once, without asking the server again. */
  onSaved: (profile: Profile) => void;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema, {
      // The contract's length limit on phone numbers has no sentence of its own; the others do.
      error: (issue) =>
        issue.code === 'too_big' ? `At most ${String(issue.maximum)} characters` : undefined,
    }),
    defaultValues: formValues(profile),
  });
  const bio = useWatch({ control, name: 'bio' });
  const bioLength = bio.length;

  const onSubmit = handleSubmit(async (values) => {
    setSaved(null);
    setFailure(null);
    const update: ProfileUpdate = {};
    if (dirtyFields.displayName) update.displayName = values.displayName;
    if (dirtyFields.bio) update.bio = values.bio;
    if (dirtyFields.phoneNumber) update.phoneNumber = values.phoneNumber === '' ? null : values.phoneNumber;
    if (dirtyFields.country) update.country = values.country;
    if (Object.keys(update).length === 0) {
      setSaved('There are no changes to save.');
      return;
    }
    try {
      const next = await updateOwnProfile(update);
      onSaved(next);
      // The public page (/u/:handle) may hold the old copy.
      void queryClient.invalidateQueries({ queryKey: [...profilesQueryRoot, 'handle'] });
      // The server's own form of what was saved, e.g. the phone number in international format.
      reset(formValues(next));
      setSaved('Your profile has been saved.');
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      const named = fields.filter((field) => isFieldName(field.path));
      if (named.length === 0) {
        setFailure(errorSentence(error));
        return;
      }
      named.forEach((field, index) => {
        if (isFieldName(field.path)) {
          setError(field.path, { type: 'server', message: field.message }, { shouldFocus: index === 0 });
        }
      });
      const others = fields.filter((field) => !isFieldName(field.path)).map((field) => field.message);
      setFailure(['Nothing was saved. Correct the marked fields and try again.', ...others].join(' '));
    }
  });

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        Edit profile
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack spacing={2.5} sx={{ mt: 1 }}>
          <TextField
            label="Display name"
            autoComplete="name"
            required
            error={Boolean(errors.displayName)}
            helperText={errors.displayName?.message}
            {...registered(register('displayName'))}
          />
          <TextField
            label="Bio"
            multiline
            minRows={3}
            error={Boolean(errors.bio) || bioLength > bioLimit}
            helperText={
              <Box
                component="span"
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}
              >
                <span>{errors.bio?.message}</span>{' '}
                <span>
                  <span aria-hidden="true">
                    {bioLength}/{bioLimit}
                  </span>
                  <VisuallyHidden>
                    {bioLength} of {bioLimit} characters
                  </VisuallyHidden>
                </span>
              </Box>
            }
            {...registered(register('bio'))}
          />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            error={Boolean(errors.phoneNumber)}
            helperText={errors.phoneNumber?.message ?? 'With the country code, e.g. +44 20 7946 0958'}
            {...registered(register('phoneNumber'))}
          />
          <Controller
            name="country"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                options={countryOptions}
                getOptionValue={(option) => option.code}
                getOptionLabel={(option) => option.name}
                filterOptions={filterCountries}
                autoHighlight
                value={field.value}
                onChange={(_event, code) => field.onChange(code)}
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={field.name}
                    inputRef={field.ref}
                    label="Country"
                    autoComplete="off"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
        </Stack>
        <Box sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={isSubmitting} aria-busy={isSubmitting}>
            Save changes
          </Button>
        </Box>
        <StatusNotice>{saved}</StatusNotice>
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}
