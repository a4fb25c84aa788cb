import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { SourcePicker as PickerKind } from '../../../contracts/blog-builder.ts';
import { coursesQuery } from '../../lib/classroom-api.ts';
import { deckListQuery } from '../../lib/play-api.ts';
import { homeQuery } from '../../lib/research-api.ts';

const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

const pickerNames: Record<PickerKind, string> = {
  search: 'Search',
  tag: 'Tag',
  deck: 'Deck',
  course: 'Class',
  project: 'Research project',
  links: 'Card links',
};

/** The label of the value field when it is typed rather than chosen. */
const valueLabels: Record<PickerKind, string> = {
  search: 'Words to look for',
  tag: 'Tag',
  deck: 'Deck id',
  course: 'Class address (its slug)',
  project: 'Project id',
  links: 'Card links or ids, one per line',
};

interface Choice {
  value: string;
  label: string;
}

/** The person's decks, classes or projects to choose from, for the pickers that name one; null for the others. */
function useChoices(by: PickerKind, viewer: string): Choice[] | null {
  const decks = useQuery({ ...deckListQuery(viewer), enabled: by === 'deck' });
  const courses = useQuery({ ...coursesQuery(viewer), enabled: by === 'course' });
  const home = useQuery({ ...homeQuery(viewer), enabled: by === 'project' });
  let choices: Choice[] | undefined;
  if (by === 'deck') choices = decks.data?.items.map((deck) => ({ value: deck.id, label: deck.name }));
  if (by === 'course')
    choices = courses.data?.items.map((course) => ({ value: course.slug, label: course.title }));
  if (by === 'project')
    choices = home.data?.projects.map((project) => ({ value: project.id, label: project.title }));
  // Until the list arrives, or when it cannot be read or is empty, the value is typed.
  return choices && choices.length > 0 ? choices : null;
}

/** The form that finds cards: a way to look (search, tag, deck…) and what to look for. */
export function SourcePicker({
  viewer,
  busy,
  onFind,
}: {
  viewer: string;
  busy: boolean;
  onFind: (by: PickerKind, value: string) => void;
}) {
  const [by, setBy] = useState<PickerKind>('search');
  const [values, setValues] = useState<Partial<Record<PickerKind, string>>>({});
  const choices = useChoices(by, viewer);
  const value = values[by] ?? '';
  const effective = choices && value === '' ? (choices[0]?.value ?? '') : value;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (effective.trim() !== '') onFind(by, effective.trim());
  };
  const setValue = (next: string) => setValues((current) => ({ ...current, [by]: next }));

  return (
    <Box
      component="form"
      role="search"
      aria-label="Find cards"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        select
        label="Find cards by"
        value={by}
        onChange={(event) => setBy(event.target.value as PickerKind)}
        slotProps={selectProps}
        sx={{ flex: '0 1 12rem', minWidth: 0 }}
      >
        {Object.entries(pickerNames).map(([kind, name]) => (
          <option key={kind} value={kind}>
            {name}
          </option>
        ))}
      </TextField>
      {choices ? (
        <TextField
          select
          label={pickerNames[by]}
          value={effective}
          onChange={(event) => setValue(event.target.value)}
          slotProps={selectProps}
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </TextField>
      ) : (
        <TextField
          label={valueLabels[by]}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          multiline={by === 'links'}
          minRows={by === 'links' ? 2 : undefined}
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
        />
      )}
      <Button type="submit" variant="outlined" disabled={busy || effective.trim() === ''} sx={{ mt: 1 }}>
        {busy ? 'Finding…' : 'Find'}
      </Button>
    </Box>
  );
}
