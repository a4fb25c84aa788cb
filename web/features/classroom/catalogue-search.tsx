import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { courseLengths, courseLevels } from '../../../contracts/classroom.ts';
import type { useDebouncedParam } from '../../lib/url-params.ts';
import { lengthLabels, levelLabels } from '../../lib/course-labels.ts';
import type { CatalogueFilters } from './catalogue-filters.ts';

const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * The catalogue's search box and its Topic, Level and Length boxes: native selects, which every keyboard,
 * screen reader and phone knows how to work. On a phone the words take a row and the boxes share the next
 * two, so the courses still start in the first screen.
 */
export function CatalogueSearch({
  search,
  filters,
  topics,
  filtered,
  onChange,
  onClear,
}: {
  search: ReturnType<typeof useDebouncedParam>;
  filters: CatalogueFilters;
  /** The topics to offer. */
  topics: readonly string[];
  filtered: boolean;
  onChange: (changes: Record<string, string>) => void;
  onClear: () => void;
}) {
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search courses"
      onSubmit={(event) => {
        event.preventDefault();
        search.commit();
      }}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr)) auto',
        },
        gap: 1.5,
        alignItems: 'center',
      }}
    >
      <TextField
        type="search"
        size="small"
        label="Search courses"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        slotProps={{
          // The contract's limit on the words.
          htmlInput: { maxLength: 100 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" aria-label="Search" edge="end">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      <TextField
        select
        size="small"
        label="Topic"
        value={filters.topic}
        onChange={(event) => onChange({ topic: event.target.value })}
        slotProps={selectProps}
      >
        <option value="">Any topic</option>
        {topics.map((topic) => (
          <option key={topic} value={topic}>
            {topic}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Level"
        value={filters.level}
        onChange={(event) => onChange({ level: event.target.value })}
        slotProps={selectProps}
      >
        <option value="">Any level</option>
        {courseLevels.map((level) => (
          <option key={level} value={level}>
            {levelLabels[level]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Length"
        value={filters.length}
        onChange={(event) => onChange({ length: event.target.value })}
        slotProps={selectProps}
      >
        <option value="">Any length</option>
        {courseLengths.map((length) => (
          <option key={length} value={length}>
            {lengthLabels[length]}
          </option>
        ))}
      </TextField>
      {filtered ? (
        <Button onClick={onClear} sx={{ justifySelf: 'start', minHeight: 40 }}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
