import { memo, useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { normalizeTag } from '../../contracts/card-text.ts';
import { tagSuggestionsSchema } from '../../contracts/cards.ts';
import { ApiError, apiFetch } from '../lib/api.ts';

/** `GET /api/tags?q=`: tags in use that start with `q`; none when the server has no such endpoint (404). */
async function suggestTags(query: string, signal: AbortSignal): Promise<string[]> {
  try {
    const result = await apiFetch(`/api/tags?q=${encodeURIComponent(query)}`, {
      schema: tagSuggestionsSchema,
      signal,
    });
    return result.items.map((item) => item.tag);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * Tags, as cards store them: type one and press Enter or a comma, or pick a suggestion (tags already in use,
 * from `GET /api/tags`, asked once typing pauses). Each is normalised as the server will store it (lowercase,
 * `/` nests), duplicates are dropped, and at most `max` fit. The builder tags a card with it; Play picks the
 * tags a deck is made from.
 */
export const TagsInput = memo(function TagsInput({
  id,
  tags,
  onChange,
  max,
  tooMany,
  hint,
  error,
  label = 'Tags',
}: {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  max: number;
  /** Said when more than `max` are given, e.g. "A card can have at most 10 tags." */
  tooMany: string;
  /** The helper text while nothing is wrong. */
  hint: string;
  /** The server's word about the tags, if it refused them. */
  error?: string | undefined;
  /** The field's label, where "Tags" would not say enough. */
  label?: string;
}) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const query = input.trim();
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestTags(query, controller.signal).then(setOptions, () => setOptions([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input]);

  const add = (raw: readonly string[]) => {
    const next: string[] = [];
    const refused: string[] = [];
    for (const value of raw) {
      const tag = normalizeTag(value);
      if (tag === null) refused.push(value);
      else if (!next.includes(tag)) next.push(tag);
    }
    const kept = next.slice(0, max);
    if (refused.length > 0)
      setProblem(`“${refused.join('”, “')}” cannot be a tag: use letters, digits, - and / for nesting.`);
    else if (kept.length < next.length) setProblem(tooMany);
    else setProblem(null);
    onChange(kept);
  };

  const message = problem ?? error;
  return (
    <Autocomplete
      multiple
      freeSolo
      id={id}
      options={options.filter((option) => !tags.includes(option))}
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
        <TextField {...params} label={label} error={Boolean(message)} helperText={message ?? hint} />
      )}
    />
  );
});
