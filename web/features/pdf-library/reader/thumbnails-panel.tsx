import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ReaderViewer } from './reader-viewer.ts';

/** How wide a thumbnail is, in CSS pixels. */
const thumbnailWidth = 96;

interface ThumbnailsPanelProps {
  viewer: ReaderViewer;
  pagesCount: number;
  pageNumber: number;
  /** Height over width of the pages, for the frames before they are drawn. */
  aspect: number;
  /** After a page is chosen (the drawer closes). */
  onChosen?: () => void;
}

/**
 * Every page as a small picture, drawn only once it scrolls into view (a 300-page paper draws the few on
 * screen); choosing one goes to that page. The current page is marked and kept in view.
 */
export function ThumbnailsPanel({ viewer, pagesCount, pageNumber, aspect, onChosen }: ThumbnailsPanelProps) {
  const pages = Array.from({ length: pagesCount }, (_, index) => index + 1);
  return (
    <Box
      component="ol"
      aria-label="Page thumbnails"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', justifyContent: 'center', gap: 1.5 }}
    >
      {pages.map((page) => (
        <Thumbnail
          key={page}
          viewer={viewer}
          page={page}
          current={page === pageNumber}
          aspect={aspect}
          onChosen={onChosen}
        />
      ))}
    </Box>
  );
}

/**
 * Scrolls the nearest scrolling ancestor just enough to show `element`. Not `scrollIntoView`, which would
 * scroll the window too and move the reader under the reader's hand.
 */
function revealInScroller(element: HTMLElement) {
  let scroller = element.parentElement;
  while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
    scroller = scroller.parentElement;
  if (!scroller) return;
  const box = element.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  if (box.top < view.top) scroller.scrollTop -= view.top - box.top + 8;
  else if (box.bottom > view.bottom) scroller.scrollTop += box.bottom - view.bottom + 8;
}

function Thumbnail({
  viewer,
  page,
  current,
  aspect,
  onChosen,
}: {
  viewer: ReaderViewer;
  page: number;
  current: boolean;
  aspect: number;
  onChosen: (() => void) | undefined;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!seen || !canvas) return;
    const abort = new AbortController();
    void viewer.renderThumbnail(page, canvas, thumbnailWidth, abort.signal);
    return () => abort.abort();
  }, [seen, viewer, page]);

  useEffect(() => {
    if (current && buttonRef.current) revealInScroller(buttonRef.current);
  }, [current]);

  return (
    <li>
      <ButtonBase
        ref={buttonRef}
        aria-label={`Page ${page}`}
        aria-current={current ? 'page' : undefined}
        onClick={() => {
          viewer.goToPage(page);
          onChosen?.();
        }}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          p: 0.5,
          borderRadius: 1,
          outline: current ? 2 : 0,
          outlineColor: 'primary.main',
        }}
      >
        <Box
          component="canvas"
          ref={canvasRef}
          aria-hidden
          // The frame's shape until the page is drawn; then the drawing's own shape.
          width={thumbnailWidth}
          height={Math.round(thumbnailWidth * aspect)}
          sx={{
            display: 'block',
            width: thumbnailWidth,
            height: 'auto',
            // The page stays paper-white in both themes, like the page in the viewer.
            bgcolor: '#fff',
            boxShadow: 1,
          }}
        />
        <Typography variant="caption" color={current ? 'text.primary' : 'text.secondary'}>
          {page}
        </Typography>
      </ButtonBase>
    </li>
  );
}
