import { useState, type KeyboardEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import WidthNormalIcon from '@mui/icons-material/WidthNormal';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { clampPage, parsePageNumber } from './reader-location.ts';
import type { ReaderSnapshot, ReaderViewer } from './reader-viewer.ts';

interface ReaderToolbarProps {
  viewer: ReaderViewer;
  snapshot: ReaderSnapshot;
  findRef: RefObject<HTMLInputElement | null>;
}

/** The reader's controls: pages, zoom and fit, and find in document. */
export function ReaderToolbar({ viewer, snapshot, findRef }: ReaderToolbarProps) {
  const ready = snapshot.status === 'ready';
  return (
    <Box
      role="group"
      aria-label="Reader controls"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: { xs: 0.5, sm: 1 },
        rowGap: 0.5,
        py: 0.5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
        <IconButton
          size="small"
          aria-label="Previous page"
          title="Previous page"
          disabled={!ready || snapshot.pageNumber <= 1}
          onClick={() => viewer.previousPage()}
        >
          <NavigateBeforeIcon />
        </IconButton>
        <PageNumberBox
          pageNumber={snapshot.pageNumber}
          pagesCount={snapshot.pagesCount}
          disabled={!ready}
          onGo={(page) => viewer.goToPage(page)}
        />
        <IconButton
          size="small"
          aria-label="Next page"
          title="Next page"
          disabled={!ready || snapshot.pageNumber >= snapshot.pagesCount}
          onClick={() => viewer.nextPage()}
        >
          <NavigateNextIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
        <IconButton
          size="small"
          aria-label="Zoom out"
          title="Zoom out"
          disabled={!ready}
          onClick={() => viewer.zoomOut()}
        >
          <ZoomOutIcon />
        </IconButton>
        <Typography
          variant="body2"
          // On a phone the pages and zoom controls share one row; the percentage gives way.
          sx={{
            display: { xs: 'none', sm: 'block' },
            minWidth: '3.5em',
            textAlign: 'center',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {Math.round(snapshot.scale * 100)}%
        </Typography>
        <IconButton
          size="small"
          aria-label="Zoom in"
          title="Zoom in"
          disabled={!ready}
          onClick={() => viewer.zoomIn()}
        >
          <ZoomInIcon />
        </IconButton>
        <IconButton
          size="small"
          aria-label="Fit width"
          title="Fit width"
          aria-pressed={snapshot.scaleValue === 'page-width'}
          disabled={!ready}
          onClick={() => viewer.fit('page-width')}
        >
          <WidthNormalIcon />
        </IconButton>
        <IconButton
          size="small"
          aria-label="Fit page"
          title="Fit page"
          aria-pressed={snapshot.scaleValue === 'page-fit'}
          disabled={!ready}
          onClick={() => viewer.fit('page-fit')}
          // On a phone a whole page is too small to read, and the pages and zoom controls then share a row.
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <FitScreenIcon />
        </IconButton>
      </Box>
      <FindBox viewer={viewer} snapshot={snapshot} inputRef={findRef} />
    </Box>
  );
}

/**
 * The page number box, "of N" after it. It shows the current page until it is typed in; Enter (or leaving
 * it) goes to the typed page, Escape puts back the current one. What was typed is dropped when the page
 * changes meanwhile (the pages were scrolled).
 */
function PageNumberBox({
  pageNumber,
  pagesCount,
  disabled,
  onGo,
}: {
  pageNumber: number;
  pagesCount: number;
  disabled: boolean;
  onGo: (page: number) => void;
}) {
  const [typed, setTyped] = useState<{ on: number; text: string } | null>(null);
  const draft = typed?.on === pageNumber ? typed.text : null;
  const setDraft = (text: string | null) => setTyped(text === null ? null : { on: pageNumber, text });
  const commit = () => {
    const page = parsePageNumber(draft);
    setDraft(null);
    if (page !== null && page !== pageNumber) onGo(clampPage(page, pagesCount));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <TextField
        size="small"
        value={draft ?? String(pageNumber)}
        disabled={disabled}
        onFocus={(event) => event.target.select()}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: {
            'aria-label': 'Page number',
            inputMode: 'numeric',
            autoComplete: 'off',
            size: 3,
            sx: { textAlign: 'center', py: 0.75, px: 0.5 },
          },
        }}
        sx={{ width: '4em' }}
      />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        of {pagesCount || '…'}
      </Typography>
    </Box>
  );
}

function findStatusText(find: ReaderSnapshot['find']): string {
  switch (find.status) {
    case 'idle':
      return '';
    case 'pending':
      return find.total > 0 ? `${find.current} of ${find.total}` : 'Searching…';
    case 'not-found':
      return 'No matches';
    default:
      return find.total === 1 ? '1 of 1 match' : `${find.current} of ${find.total} matches`;
  }
}

/** Find in document: type to find (pdf.js waits for a pause), Enter for the next match, Shift+Enter back. */
function FindBox({
  viewer,
  snapshot,
  inputRef,
}: {
  viewer: ReaderViewer;
  snapshot: ReaderSnapshot;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { find } = snapshot;
  const ready = snapshot.status === 'ready';
  const [query, setQuery] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (find.query === query) viewer.findAgain(event.shiftKey);
      else viewer.find(query);
    } else if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
      viewer.closeFind();
    }
  };
  const status = findStatusText(find);
  const hasMatches = find.total > 0;
  return (
    // Wraps to a row of its own when the controls before it leave it too little room.
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flex: '1 1 17rem', minWidth: 0 }}>
      <TextField
        size="small"
        type="search"
        placeholder="Find in document"
        value={query}
        disabled={!ready}
        inputRef={inputRef}
        onChange={(event) => {
          setQuery(event.target.value);
          viewer.find(event.target.value);
        }}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: { 'aria-label': 'Find in document', 'aria-describedby': 'reader-find-status' },
        }}
        sx={{ flex: 1, minWidth: '8rem' }}
      />
      <Typography
        id="reader-find-status"
        variant="body2"
        color={find.status === 'not-found' ? 'error' : 'text.secondary'}
        role="status"
        sx={{ whiteSpace: 'nowrap', minWidth: status ? undefined : 0, px: status ? 0.5 : 0 }}
      >
        {status}
      </Typography>
      <IconButton
        size="small"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={!hasMatches}
        onClick={() => viewer.findAgain(true)}
      >
        <KeyboardArrowUpIcon />
      </IconButton>
      <IconButton
        size="small"
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={!hasMatches}
        onClick={() => viewer.findAgain(false)}
      >
        <KeyboardArrowDownIcon />
      </IconButton>
    </Box>
  );
}
