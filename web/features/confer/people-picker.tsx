import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';
import { peopleQuery } from './api.ts';
import { useConferClient } from './confer-client.tsx';
import { nameOf } from './format.ts';

/** The typed text settles this long before people are looked up. */
const LOOKUP_AFTER_MS = 250;

/**
 * Chooses people by the start of their handle or name (`GET /api/confer/people?q=`, which leaves out the reader
 * and anyone either of them has blocked). Chosen people show as chips; Backspace takes the last one off.
 */
export function PeoplePicker({
  value,
  onChange,
  label,
  error,
  helperText,
  exclude = [],
  autoFocus = false,
}: {
  value: ProfileSummary[];
  onChange: (people: ProfileSummary[]) => void;
  label: string;
  error?: boolean;
  helperText?: string;
  /** Keys not to offer (people already in the conversation). */
  exclude?: readonly string[];
  autoFocus?: boolean;
}) {
  const { owner } = useConferClient();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), LOOKUP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const people = useQuery(peopleQuery(owner, q));
  const options = (people.data?.items ?? []).filter((person) => !exclude.includes(person.key));

  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.key === chosen.key}
      getOptionLabel={(person) => `${nameOf(person)} (@${person.handle})`}
      loading={people.isFetching}
      noOptionsText={q === '' ? 'Type a name or handle' : people.isFetching ? 'Looking…' : 'Nobody found'}
      renderValue={(chosen, getItemProps) =>
        chosen.map((person, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={nameOf(person)} size="small" {...itemProps} />;
        })
      }
      renderOption={(props, person) => {
        const { key, ...optionProps } = props;
        return (
          <Box
            component="li"
            key={key}
            {...optionProps}
            sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
          >
            <ProfileAvatar name={nameOf(person)} photoURL={person.photoURL} size={28} alt="" />
            <span>
              {nameOf(person)}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                @{person.handle}
              </Typography>
            </span>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={error} helperText={helperText} autoFocus={autoFocus} />
      )}
    />
  );
}
