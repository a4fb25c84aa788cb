import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSetParams } from '../../../lib/url-params.ts';
import { displayNameOf, facetsQuery, type PostFilters } from '../api.ts';

/** How long typing pauses before the search goes to the address. */
const searchDelay = 350;

/**
 * The search box: what is typed goes to `?q=` once typing pauses (or at once on Enter), back to the first
 * page; a change of the address (Back, "Clear filters") shows in the box.
 */
function SearchField({ value }: { value: string }) {
  const setParams = useSetParams();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => setParams({ q: text.trim(), page: '' }), searchDelay);
    return () => clearTimeout(timer);
  }, [text, value, setParams]);

  return (
    <TextField
      type="search"
      label="Search posts"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') setParams({ q: text.trim(), page: '' });
      }}
      sx={{ flex: '2 1 16rem' }}
    />
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  // A value from the address that the facets do not list (an old link) is still shown as chosen.
  const all =
    value && !options.some((option) => option.value === value)
      ? [{ value, label: value }, ...options]
      : options;
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ flex: '1 1 10rem', minWidth: 0 }}
    >
      <MenuItem value="">All</MenuItem>
      {all.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Search, tag, author and series, all kept in the address; the choices come from `GET /api/blog/facets`. */
export function BlogFilters({ filters }: { filters: PostFilters }) {
  const setParams = useSetParams();
  const facets = useQuery(facetsQuery()).data;
  const set = (name: 'tag' | 'author' | 'series') => (value: string) =>
    setParams({ [name]: value, page: '' });
  const filtered = Boolean(filters.q || filters.tag || filters.author || filters.series);

  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter posts"
      onSubmit={(event: React.FormEvent) => event.preventDefault()}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 3 }}
    >
      <SearchField value={filters.q} />
      <Choice
        label="Tag"
        value={filters.tag}
        options={(facets?.tags ?? []).map(({ tag, posts }) => ({ value: tag, label: `#${tag} (${posts})` }))}
        onChange={set('tag')}
      />
      <Choice
        label="Author"
        value={filters.author}
        options={(facets?.authors ?? []).map(({ author, posts }) => ({
          value: author.handle,
          label: `${displayNameOf(author)} (${posts})`,
        }))}
        onChange={set('author')}
      />
      <Choice
        label="Series"
        value={filters.series}
        options={(facets?.series ?? []).map(({ slug, title, posts }) => ({
          value: slug,
          label: `${title} (${posts})`,
        }))}
        onChange={set('series')}
      />
      {filtered ? (
        <Button onClick={() => setParams({ q: '', tag: '', author: '', series: '', page: '' })}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
