import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { cardTypes } from '../../../contracts/cards.ts';
import { cardTypeNames } from '../../lib/card-labels.ts';
import { cardTypeOf, tagSuggestionsQuery } from './api.ts';
import { useDebouncedParam, useDebouncedValue, useSetParams } from '../../lib/url-params.ts';

/**
 * The search box and its filters (tag, type, author), which fold away behind a "Filters" button that counts
 * the ones in use, so the cards start in the first screen. Everything lives in the address
 * (`?q=&tag=&type=&author=`), so a search can be shared, bookmarked and reached from a tag on a card page.
 * The query syntax ("phrases", -word, or) is explained in the user guide.
 */
export function SearchControls({ forGraph = false }: { forGraph?: boolean }) {
  const search = useDebouncedParam('q');
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // The graph is narrowed by tag and author only; words and types would be filters it ignores.
  if (forGraph) {
    return (
      <Box role="group" aria-label="Filter the graph">
        <Filters forGraph />
      </Box>
    );
  }
  const active = [params.get('tag'), cardTypeOf(params.get('type')), params.get('author')].filter(
    (value) => (value ?? '').trim() !== '',
  ).length;
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search cards"
      onSubmit={(event) => {
        event.preventDefault();
        search.commit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          type="search"
          label="Search cards"
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: 200 },
            input: {
              // A submit button: Enter in any field of the form searches at once (a form with several fields
              // and no submit button is not submitted by Enter).
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton type="submit" aria-label="Search" edge="end">
                    <SearchIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
          fullWidth
        />
        <Button
          variant={active > 0 ? 'contained' : 'outlined'}
          startIcon={<FilterListIcon />}
          aria-expanded={open}
          aria-controls={panelId}
          // The visible count reads as a number alone; the name says what it counts.
          aria-label={active > 0 ? `Filters ${active} in use` : undefined}
          onClick={() => setOpen((value) => !value)}
          sx={{ flexShrink: 0, minHeight: 56 }}
        >
          Filters
          {active > 0 ? (
            <Box
              component="span"
              data-testid="active-filter-count"
              sx={{
                ml: 1,
                minWidth: 22,
                px: 0.75,
                borderRadius: 11,
                bgcolor: 'background.paper',
                color: 'primary.main',
                fontWeight: 700,
                lineHeight: '22px',
              }}
            >
              {active}
            </Box>
          ) : null}
        </Button>
      </Box>
      <Collapse in={open} id={panelId} unmountOnExit>
        <Filters />
      </Collapse>
    </Box>
  );
}

function Filters({ forGraph = false }: { forGraph?: boolean }) {
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const author = useDebouncedParam('author');
  const type = cardTypeOf(params.get('type'));
  const anyFilter =
    (params.get('tag') ?? '') !== '' || (!forGraph && type !== '') || author.text.trim() !== '';

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: `repeat(${forGraph ? 2 : 3}, minmax(0, 1fr)) auto`,
        },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <TagFilter />
      {forGraph ? null : (
        <TextField
          select
          label="Type"
          value={type}
          onChange={(event) => setParams({ type: cardTypeOf(event.target.value) })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Any type</option>
          {cardTypes.map((value) => (
            <option key={value} value={value}>
              {cardTypeNames[value]}
            </option>
          ))}
        </TextField>
      )}
      <TextField
        label="Author"
        placeholder="handle, like ada"
        value={author.text}
        onChange={(event) => author.setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') author.commit();
        }}
        slotProps={{ htmlInput: { maxLength: 31, autoCapitalize: 'none', spellCheck: false } }}
      />
      {anyFilter ? (
        <Button sx={{ alignSelf: 'center' }} onClick={() => setParams({ tag: '', type: '', author: '' })}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}

/** The tag filter: type a few letters and pick one of the tags public cards use, or write your own. */
function TagFilter() {
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const tag = params.get('tag')?.trim() ?? '';
  const [input, setInput] = useState(tag);
  const [seen, setSeen] = useState(tag);
  // "Clear filters", Back or a tag link changed the address: the field follows.
  if (tag !== seen) {
    setSeen(tag);
    setInput(tag);
  }
  const prefix = useDebouncedValue(input.trim().replace(/^#/, '').toLowerCase(), 250);
  // The last list stays while the next one loads, so the options do not vanish under the pointer.
  const suggestions = useQuery({ ...tagSuggestionsQuery(prefix), placeholderData: keepPreviousData });
  const items = suggestions.data?.items ?? [];
  const counts = new Map(items.map((item) => [item.tag, item.count]));

  return (
    <Autocomplete
      freeSolo
      // Leaving the field keeps what was typed as the filter, as Enter does.
      autoSelect
      options={items.map((item) => item.tag)}
      // The server already matched the prefix; filtering again would hide tags it found by folding accents.
      filterOptions={(options) => options}
      value={tag === '' ? null : tag}
      inputValue={input}
      onInputChange={(_event, value) => setInput(value)}
      onChange={(_event, value) => {
        const chosen = (value ?? '').trim().replace(/^#/, '');
        setInput(chosen);
        setParams({ tag: chosen });
      }}
      loading={suggestions.isFetching}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
            <span>#{option}</span>
            {counts.has(option) ? (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                {counts.get(option)?.toLocaleString('en')} {counts.get(option) === 1 ? 'card' : 'cards'}
              </Typography>
            ) : null}
          </Box>
        );
      }}
      renderInput={(inputParams) => <TextField {...inputParams} label="Tag" />}
    />
  );
}
