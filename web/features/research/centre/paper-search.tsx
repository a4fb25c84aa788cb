import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import SearchIcon from '@mui/icons-material/Search';
import { paperSorts, type PaperSort } from '../../../../contracts/research.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { papersInfiniteQuery, useResearchViewer } from '../../../lib/research-api.ts';
import { useDebouncedParam, useSetParams } from '../../../lib/url-params.ts';
import {
  isFiltered,
  paperFilterParams,
  paperFiltersOf,
  paperQueryOf,
  tagOptionsOf,
} from './paper-filters.ts';
import { PaperItem, paperListSx } from './paper-item.tsx';

const sortLabels: Record<PaperSort, string> = {
  relevance: 'Relevance',
  year: 'Newest first',
  readers: 'Most read',
};

const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * Search and filters over papers (a topic's, or all the reader may see), every value in the address so a
 * search is a link, and the results paged with "Show more". On a phone the filters fold away behind a button
 * so the results start in the first screen.
 */
export function PaperSearch({
  topic,
  topicTags = [],
  title,
}: {
  /** The topic's slug, to search its papers only. */
  topic?: string;
  /** The topic's tags, offered in the Tag box before any result is in. */
  topicTags?: readonly string[];
  /** The section's heading (an h2). */
  title: string;
}) {
  const headingId = useId();
  const filtersId = useId();
  const viewer = useResearchViewer();
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const q = useDebouncedParam('q');
  const venue = useDebouncedParam('venue');
  const yearFrom = useDebouncedParam('yearFrom');
  const yearTo = useDebouncedParam('yearTo');
  const filters = useMemo(() => paperFiltersOf(params), [params]);
  const filtered = isFiltered(filters);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [filtersOpen, setFiltersOpen] = useState(false);

  const papers = useInfiniteQuery({
    ...papersInfiniteQuery(viewer, paperQueryOf(filters, topic)),
    // The last results stay, faded, while the next search loads.
    placeholderData: (previous) => previous,
  });
  const items = useMemo(() => papers.data?.pages.flatMap((page) => page.items) ?? [], [papers.data]);
  const tags = tagOptionsOf(topicTags, items, filters.tag);
  const clear = () => setParams(Object.fromEntries(paperFilterParams.map((name) => [name, ''])));

  let results: ReactNode;
  if (papers.isPending) {
    results = <PageLoading />;
  } else if (!papers.data) {
    results = (
      <QueryError
        error={papers.error}
        lead="The papers could not be loaded."
        onRetry={() => void papers.refetch()}
      />
    );
  } else if (items.length === 0) {
    results = filtered ? (
      <EmptyState
        icon={<FilterListOffIcon />}
        action={
          <Button variant="outlined" onClick={clear}>
            Clear the filters
          </Button>
        }
      >
        No paper matches this search.
      </EmptyState>
    ) : (
      <EmptyState icon={<ArticleOutlinedIcon />}>
        No paper is here yet. Papers show here once someone adds them with a matching tag.
      </EmptyState>
    );
  } else {
    const first = papers.data.pages[0];
    const total = first?.total ?? items.length;
    // Past the cap the count is "more than": counting every match of a common word costs as much as the search.
    const count = first?.totalCapped ? `More than ${total.toLocaleString('en')}` : total.toLocaleString('en');
    const many = total !== 1 || first?.totalCapped;
    results = (
      <>
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {filtered
            ? `${count} ${many ? 'papers match' : 'paper matches'} this search.`
            : `${count} ${many ? 'papers' : 'paper'}.`}
        </Typography>
        <Box
          component="ul"
          aria-labelledby={headingId}
          aria-busy={papers.isPlaceholderData}
          sx={{ ...paperListSx, opacity: papers.isPlaceholderData ? 0.6 : 1 }}
        >
          {items.map((paper) => (
            <li key={paper.id}>
              <PaperItem paper={paper} />
            </li>
          ))}
        </Box>
        {papers.hasNextPage ? (
          <Button
            variant="outlined"
            onClick={() => void papers.fetchNextPage()}
            disabled={papers.isFetchingNextPage}
            sx={{ mt: 2, minHeight: 44 }}
          >
            {papers.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        ) : null}
        {papers.isFetchNextPageError ? (
          <QueryError error={papers.error} lead="More papers could not be loaded." sx={{ mt: 2 }} />
        ) : null}
      </>
    );
  }

  const text = (label: string, field: ReturnType<typeof useDebouncedParam>, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={field.text}
      onChange={(event) => field.setText(event.target.value)}
      {...extra}
    />
  );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label={`Search ${title.toLowerCase()}`}
        onSubmit={(event) => {
          event.preventDefault();
          q.commit();
          venue.commit();
          yearFrom.commit();
          yearTo.commit();
        }}
        sx={{ mb: 2 }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            type="search"
            size="small"
            label="Search papers"
            value={q.text}
            onChange={(event) => q.setText(event.target.value)}
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { maxLength: 200 },
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
          />
          {wide ? null : (
            <Button
              startIcon={<FilterListIcon />}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
              sx={{ minHeight: 44 }}
            >
              Filters
            </Button>
          )}
        </Box>
        <Collapse in={wide || filtersOpen} id={filtersId}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(5, minmax(0, 1fr))',
              },
              gap: 1.5,
              alignItems: 'center',
              pt: 1.5,
            }}
          >
            {text('Year from', yearFrom, {
              slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 4 } },
            })}
            {text('Year to', yearTo, { slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 4 } } })}
            {text('Venue', venue, { slotProps: { htmlInput: { maxLength: 300 } } })}
            <TextField
              select
              size="small"
              label="Tag"
              value={filters.tag}
              onChange={(event) => setParams({ tag: event.target.value })}
              slotProps={selectProps}
            >
              <option value="">Any tag</option>
              {tags.map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Sort"
              value={filters.sort}
              onChange={(event) =>
                setParams({ sort: event.target.value === 'relevance' ? '' : event.target.value })
              }
              slotProps={selectProps}
            >
              {paperSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabels[sort]}
                </option>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={filters.hasPdf}
                  onChange={(event) => setParams({ hasPdf: event.target.checked ? '1' : '' })}
                />
              }
              label="Has a PDF"
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={filters.hasCode}
                  onChange={(event) => setParams({ hasCode: event.target.checked ? '1' : '' })}
                />
              }
              label="Has code"
            />
            {filtered ? (
              <Button onClick={clear} sx={{ justifySelf: 'start', minHeight: 40 }}>
                Clear the filters
              </Button>
            ) : null}
          </Box>
        </Collapse>
      </Box>
      {results}
    </Box>
  );
}
