import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { normalizeTag } from '../../../contracts/card-text.ts';
import { tagSuggestionsSchema } from '../../../contracts/cards.ts';
import { apiFetch } from '../../lib/api.ts';
import { playQueryRoot, playRetry } from '../../lib/play-api.ts';

/** A deck takes at most this many tags (the contract's limit). */
const maxTags = 10;

/** `GET /api/tags?q=`: tags in use that start with the text typed so far, most used first. */
const tagSuggestionsQuery = (prefix: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'tag-suggestions', prefix] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/tags?${new URLSearchParams({ q: prefix }).toString()}`, {
        schema: tagSuggestionsSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
    retry: playRetry,
  });

/** The text typed, once typing has paused, so every keystroke is not a request. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The tags a deck is made from: type one and press Enter or a comma, or pick a suggestion. Each is normalised as
 * cards store them (lowercase, `/` nests), so what is chosen matches the cards' tags.
 */
export function DeckTagsInput({
  id,
  tags,
  onChange,
  error,
}: {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
}) {
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = useSettled(input.trim(), 250);
  const suggestions = useQuery({ ...tagSuggestionsQuery(prefix), enabled: prefix !== '' });
  const options = (suggestions.data?.items ?? [])
    .map((item) => item.tag)
    .filter((tag) => !tags.includes(tag));

  const add = (raw: readonly string[]) => {
    const next: string[] = [];
    const refused: string[] = [];
    for (const value of raw) {
      const tag = normalizeTag(value);
      if (tag === null) refused.push(value);
      else if (!next.includes(tag)) next.push(tag);
    }
    if (refused.length > 0)
      setProblem(`“${refused.join('”, “')}” cannot be a tag: use letters, digits, - and / for nesting.`);
    else if (next.length > maxTags) setProblem(`A deck takes at most ${maxTags} tags.`);
    else setProblem(null);
    onChange(next.slice(0, maxTags));
  };

  const message = problem ?? error;
  return (
    <Autocomplete
      multiple
      freeSolo
      id={id}
      options={options}
      value={tags}
      inputValue={input}
      filterSelectedOptions
      onChange={(_event, values) => add(values)}
      onInputChange={(_event, value, reason) => {
        // A comma ends a tag, as Enter does.
        if (reason === 'input' && value.includes(',')) {
          const parts = value.split(',');
          const rest = parts.pop() ?? '';
          add([...tags, ...parts.filter((part) => part.trim() !== '')]);
          setInput(rest);
          return;
        }
        setInput(value);
      }}
      onBlur={() => {
        if (input.trim()) {
          add([...tags, input]);
          setInput('');
        }
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          error={Boolean(message)}
          helperText={
            message ??
            'Press Enter or a comma after each tag. A tag takes its nested tags too: ml takes ml/recsys.'
          }
        />
      )}
    />
  );
}
