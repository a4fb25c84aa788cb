import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  pdfSorts,
  readStatuses,
  readStatusLabels,
  type PdfCollection,
  type PdfSort,
} from '../../../../contracts/pdfs.ts';
import type { LibraryFilters } from './url-state.ts';

/** The orders' names in the Sort box. */
export const sortLabels: Record<PdfSort, string> = {
  added: 'Recently added',
  opened: 'Recently opened',
  title: 'Title',
  author: 'First author',
  year: 'Year',
};

const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * The list's order and its filters by tag, collection and read status: native selects, which every keyboard,
 * screen reader and phone knows how to work, each named by its label.
 */
export function LibraryFilterBar({
  filters,
  tags,
  collections,
  filtered,
  onChange,
  onClear,
}: {
  filters: LibraryFilters;
  tags: readonly string[];
  collections: readonly PdfCollection[];
  filtered: boolean;
  onChange: (changes: Record<string, string>) => void;
  onClear: () => void;
}) {
  // A filter the address names but the library no longer has (a deleted tag) stays choosable, so the box
  // shows what is applied.
  const tagOptions = filters.tag && !tags.includes(filters.tag) ? [filters.tag, ...tags] : tags;
  return (
    <Box
      role="group"
      aria-label="Order and filters"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr)) auto' },
        gap: 1.5,
        alignItems: 'center',
      }}
    >
      <TextField
        select
        size="small"
        label="Sort"
        value={filters.sort}
        onChange={(event) => onChange({ sort: event.target.value === 'added' ? '' : event.target.value })}
        slotProps={selectProps}
      >
        {pdfSorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Tag"
        value={filters.tag}
        onChange={(event) => onChange({ tag: event.target.value })}
        slotProps={selectProps}
      >
        <option value="">Any tag</option>
        {tagOptions.map((tag) => (
          <option key={tag} value={tag}>
            #{tag}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Collection"
        value={filters.collection}
        onChange={(event) => onChange({ collection: event.target.value })}
        slotProps={selectProps}
      >
        <option value="">All PDFs</option>
        {collections.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {collection.name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value })}
        slotProps={selectProps}
      >
        <option value="">Any status</option>
        {readStatuses.map((status) => (
          <option key={status} value={status}>
            {readStatusLabels[status]}
          </option>
        ))}
      </TextField>
      {filtered ? (
        <Button onClick={onClear} sx={{ justifySelf: 'start' }}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
