import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/CloseOutlined';
import ViewSidebarOutlinedIcon from '@mui/icons-material/ViewSidebarOutlined';
import { pdfFileUrl, type PdfDetail, type PdfHighlight } from '../../../../contracts/pdfs.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { CardsPanel } from './cards-panel.tsx';
import { highlightLayerStyles } from './highlight-layer.ts';
import { HighlightsPanel } from './highlights-panel.tsx';
import { isTypingTarget, readerKeyAction } from './keyboard.ts';
import { openFailureCode } from './open-failure.ts';
import { OutlinePanel } from './outline-panel.tsx';
import { highlightIdFromHash, initialPage } from './reader-location.ts';
import { ReaderToolbar } from './reader-toolbar.tsx';
import type { ReaderSnapshot, ReaderViewer } from './reader-viewer.ts';
import { SelectionToolbar } from './selection-toolbar.tsx';
import { ThumbnailsPanel } from './thumbnails-panel.tsx';
import { useHighlightActions } from './use-highlight-actions.ts';
import { usePassageSelection } from './use-passage-selection.ts';
import { useReaderViewer } from './use-reader-viewer.ts';
import { useReadingProgress } from './use-reading-progress.ts';

/** The height of the reader (toolbar and pages): the screen below the page's header, and never tiny. */
const readerHeight = {
  xs: 'max(380px, calc(100dvh - 250px))',
  sm: 'max(440px, calc(100dvh - 220px))',
  lg: 'max(520px, calc(100dvh - 200px))',
};

/** "Ada Lovelace, Charles Babbage and 1 more · 1843 · 12 pages". */
function byline(detail: PdfDetail): string {
  const { authors, year, pageCount } = detail.document;
  const names =
    authors.length === 0
      ? null
      : authors.length <= 2
        ? authors.join(' and ')
        : `${authors.slice(0, 2).join(', ')} and ${authors.length - 2} more`;
  const pages = pageCount === 1 ? '1 page' : pageCount > 1 ? `${pageCount} pages` : null;
  return [names, year, pages].filter((part) => part !== null).join(' · ');
}

interface ReaderProps {
  detail: PdfDetail;
  owner: string | null;
}

/**
 * The reader of one PDF: the pages in pdf.js' viewer with its controls, the pages' thumbnails and outline on
 * the left, the highlights and the cards made from them on the right (in a drawer on narrower screens).
 */
export function Reader({ detail, owner }: ReaderProps) {
  const { document } = detail;
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [startPage] = useState(() => initialPage(searchParams, document.lastPage, document.pageCount));
  const { viewer, snapshot, containerRef, pagesRef } = useReaderViewer(pdfFileUrl(document.id), startPage);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  // The highlight last jumped to from a panel; before any, the one the address names.
  const [jumpedId, setSelectedId] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<DrawerTab | null>(null);
  const findRef = useRef<HTMLInputElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const actions = useHighlightActions(owner, document.id);
  const selection = usePassageSelection(viewer, containerRef, frameRef);

  useReadingProgress(owner, document, snapshot.pageNumber, snapshot.status === 'ready');
  useEffect(() => viewer.setHighlights(detail.highlights), [viewer, detail.highlights]);

  const jump = (highlight: PdfHighlight) => {
    setSelectedId(highlight.id);
    setDrawer(null);
    void viewer.goToHighlight(highlight);
  };

  // `#h-<id>`: the deep link of a card made from a highlight scrolls to it and makes it blink.
  const hashId = highlightIdFromHash(location.hash);
  const [missingHighlight] = useState(
    () => hashId !== null && !detail.highlights.some((highlight) => highlight.id === hashId),
  );
  const selectedId = jumpedId ?? hashId;
  const goToHash = useEffectEvent((id: string) => {
    const highlight = detail.highlights.find((item) => item.id === id);
    if (highlight) void viewer.goToHighlight(highlight);
  });
  useEffect(() => {
    if (hashId) goToHash(hashId);
  }, [hashId]);

  // Ctrl+F (⌘F) opens find in document rather than the browser's find, which cannot see undrawn pages.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (readerKeyAction(event, 'elsewhere') !== 'find' || !findRef.current) return;
      event.preventDefault();
      findRef.current.focus();
      findRef.current.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onPagesKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = readerKeyAction(event, isTypingTarget(event.target) ? 'field' : 'pages');
    if (!action || action === 'find') return;
    event.preventDefault();
    if (action === 'next-page') viewer.nextPage();
    else if (action === 'previous-page') viewer.previousPage();
    else if (action === 'first-page') viewer.firstPage();
    else viewer.lastPage();
  };

  const highlightCount = detail.highlights.length;
  const panels = { owner, documentId: document.id, onJump: jump };

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ minWidth: 0 }}>
      <GlobalStyles styles={highlightLayerStyles} />
      <PageHeader
        title={document.title}
        subtitle={byline(detail) || undefined}
        guideAnchor="pdf-library"
        actions={
          <>
            <Button component={RouterLink} to="/learn/pdf-library" startIcon={<ArrowBackIcon />}>
              Library
            </Button>
            {wide ? null : (
              <Button
                variant="outlined"
                startIcon={<ViewSidebarOutlinedIcon />}
                onClick={() => setDrawer('highlights')}
              >
                Highlights{highlightCount > 0 ? ` (${highlightCount})` : ''}
              </Button>
            )}
          </>
        }
      />
      {document.textStatus === 'no-text' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This PDF’s pages are pictures of text (a scan), so its words could not be read: search in the
          library and find in document will not find them, and they cannot be selected to highlight.
        </Alert>
      ) : null}
      {missingHighlight ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          The highlight this link points to is no longer in this PDF; it may have been deleted.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: wide ? '132px minmax(0, 1fr) 288px' : 'minmax(0, 1fr)',
          gap: 2,
          height: readerHeight,
        }}
      >
        {wide ? (
          <Box component="aside" aria-label="Pages and outline" sx={{ minHeight: 0, overflow: 'auto' }}>
            <NavigationTabs viewer={viewer} snapshot={snapshot} />
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
          <ReaderToolbar viewer={viewer} snapshot={snapshot} findRef={findRef} />
          <Box
            ref={frameRef}
            sx={{
              position: 'relative',
              flex: 1,
              minHeight: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
              // Around the pages only: the pages themselves stay white in both themes.
              bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.900' : 'grey.200'),
            }}
          >
            <Box
              ref={containerRef}
              role="region"
              aria-label="Pages"
              tabIndex={0}
              onKeyDown={onPagesKeyDown}
              sx={{
                position: 'absolute',
                inset: 0,
                overflow: 'auto',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              <div ref={pagesRef} className="pdfViewer" />
            </Box>
            {snapshot.status === 'loading' ? (
              <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                <CircularProgress aria-label="Opening the PDF" />
              </Box>
            ) : null}
            {snapshot.status === 'failed' ? (
              <Box sx={{ position: 'absolute', inset: 0, p: 2 }}>
                <QueryError
                  error={snapshot.error}
                  lead="The PDF could not be opened."
                  errorOptions={{ fallback: openFailureCode(snapshot.error) }}
                  onRetry={() => viewer.retry()}
                />
              </Box>
            ) : null}
            <SelectionToolbar
              key={selectionKey(selection.reading)}
              reading={selection.reading}
              place={selection.place}
              busy={actions.create.isPending}
              error={actions.create.error}
              onNoteOpen={selection.hold}
              onDismiss={selection.clear}
              onHighlight={(color, note) => {
                if (selection.reading.kind !== 'passage') return;
                const { bounds: _bounds, ...passage } = selection.reading.passage;
                actions.create.mutate({ ...passage, color, note }, { onSuccess: selection.clear });
              }}
            />
          </Box>
        </Box>
        {wide ? (
          <Box
            component="aside"
            aria-label="Highlights and cards"
            sx={{ minHeight: 0, overflow: 'auto', display: 'grid', alignContent: 'start', gap: 3, pr: 0.5 }}
          >
            <HighlightsPanel {...panels} selectedId={selectedId} />
            <CardsPanel {...panels} />
          </Box>
        ) : null}
      </Box>
      {wide ? null : (
        <PanelsDrawer
          tab={drawer}
          onTab={setDrawer}
          viewer={viewer}
          snapshot={snapshot}
          highlights={<HighlightsPanel {...panels} selectedId={selectedId} />}
          cards={<CardsPanel {...panels} />}
        />
      )}
    </Box>
  );
}

/** A selection's identity: a new one gets a fresh toolbar (no colour or note left from the last). */
function selectionKey(reading: ReturnType<typeof usePassageSelection>['reading']): string {
  if (reading.kind !== 'passage') return reading.kind;
  const { page, quote, rects } = reading.passage;
  return `${page}:${rects[0]?.x ?? 0}:${rects[0]?.y ?? 0}:${quote.length}`;
}

/** The pages' thumbnails and the outline, one at a time. */
function NavigationTabs({ viewer, snapshot }: { viewer: ReaderViewer; snapshot: ReaderSnapshot }) {
  const [tab, setTab] = useState<'pages' | 'outline'>('pages');
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: 'pages' | 'outline') => setTab(value)}
        variant="fullWidth"
        aria-label="Pages or outline"
        sx={{ minHeight: 40, mb: 1, '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: 1 } }}
      >
        <Tab value="pages" label="Pages" id="reader-tab-pages" aria-controls="reader-panel-pages" />
        <Tab value="outline" label="Outline" id="reader-tab-outline" aria-controls="reader-panel-outline" />
      </Tabs>
      <NavigationPanel tab={tab} viewer={viewer} snapshot={snapshot} />
    </>
  );
}

function NavigationPanel({
  tab,
  viewer,
  snapshot,
}: {
  tab: 'pages' | 'outline';
  viewer: ReaderViewer;
  snapshot: ReaderSnapshot;
}) {
  return (
    <Box role="tabpanel" id={`reader-panel-${tab}`} aria-labelledby={`reader-tab-${tab}`}>
      {snapshot.status !== 'ready' ? null : tab === 'pages' ? (
        <ThumbnailsPanel
          viewer={viewer}
          pagesCount={snapshot.pagesCount}
          pageNumber={snapshot.pageNumber}
          aspect={snapshot.pageAspect}
        />
      ) : (
        <OutlinePanel outline={snapshot.outline} onGo={(dest) => viewer.goToDestination(dest)} />
      )}
    </Box>
  );
}

type DrawerTab = 'highlights' | 'cards' | 'pages' | 'outline';

const drawerTabs: { value: DrawerTab; label: string }[] = [
  { value: 'highlights', label: 'Highlights' },
  { value: 'cards', label: 'Cards' },
  { value: 'pages', label: 'Pages' },
  { value: 'outline', label: 'Outline' },
];

/** On narrower screens the side panels share one drawer from the bottom, a tab each. */
function PanelsDrawer({
  tab,
  onTab,
  viewer,
  snapshot,
  highlights,
  cards,
}: {
  tab: DrawerTab | null;
  onTab: (tab: DrawerTab | null) => void;
  viewer: ReaderViewer;
  snapshot: ReaderSnapshot;
  highlights: ReactNode;
  cards: ReactNode;
}) {
  const shown = tab ?? 'highlights';
  return (
    <Drawer
      anchor="bottom"
      open={tab !== null}
      onClose={() => onTab(null)}
      slotProps={{ paper: { sx: { maxHeight: '85dvh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={shown}
          onChange={(_event, value: DrawerTab) => onTab(value)}
          variant="scrollable"
          aria-label="Side panels"
          sx={{ flex: 1, minWidth: 0 }}
        >
          {drawerTabs.map(({ value, label }) => (
            <Tab
              key={value}
              value={value}
              label={label}
              id={`reader-drawer-tab-${value}`}
              aria-controls={`reader-drawer-panel-${value}`}
            />
          ))}
        </Tabs>
        <IconButton aria-label="Close the side panels" onClick={() => onTab(null)}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        role="tabpanel"
        id={`reader-drawer-panel-${shown}`}
        aria-labelledby={`reader-drawer-tab-${shown}`}
        sx={{ p: 2, overflow: 'auto' }}
      >
        {shown === 'highlights' ? highlights : null}
        {shown === 'cards' ? cards : null}
        {shown === 'pages' || shown === 'outline' ? (
          snapshot.status === 'ready' ? (
            shown === 'pages' ? (
              <ThumbnailsPanel
                viewer={viewer}
                pagesCount={snapshot.pagesCount}
                pageNumber={snapshot.pageNumber}
                aspect={snapshot.pageAspect}
                onChosen={() => onTab(null)}
              />
            ) : (
              <OutlinePanel
                outline={snapshot.outline}
                onGo={(dest) => {
                  onTab(null);
                  viewer.goToDestination(dest);
                }}
              />
            )
          ) : (
            <Typography variant="body2">The PDF is still opening.</Typography>
          )
        ) : null}
      </Box>
    </Drawer>
  );
}
