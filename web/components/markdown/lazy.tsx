import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { MarkdownProps } from './markdown.tsx';

// The renderer is the app's largest code (Markdown, math, sanitising, highlighting). Loaded on first use, it
// comes in beside a page's data instead of before the page's first paint.
const LoadedMarkdown = lazy(async () => ({ default: (await import('./markdown.tsx')).Markdown }));
const LoadedCitedMarkdown = lazy(async () => ({
  default: (await import('./cited-markdown.tsx')).CitedMarkdown,
}));

type LazyProps<Props> = Props & {
  /** What stands in while the renderer loads: by default an empty box of `reserve` height. */
  fallback?: ReactNode;
  /** The height kept for the text while it loads, so what follows it does not jump (a CSS length). */
  reserve?: string;
};

function Reserved({ reserve }: { reserve: string | undefined }) {
  return <Box aria-busy="true" sx={{ minHeight: reserve ?? 0 }} />;
}

/** `Markdown`, its code loaded when first rendered. */
export function LazyMarkdown({ fallback, reserve, ...props }: LazyProps<MarkdownProps>) {
  return (
    <Suspense fallback={fallback ?? <Reserved reserve={reserve} />}>
      <LoadedMarkdown {...props} />
    </Suspense>
  );
}

/** `CitedMarkdown`, its code loaded when first rendered. */
export function LazyCitedMarkdown({
  fallback,
  reserve,
  ...props
}: LazyProps<Omit<MarkdownProps, 'citations'>>) {
  return (
    <Suspense fallback={fallback ?? <Reserved reserve={reserve} />}>
      <LoadedCitedMarkdown {...props} />
    </Suspense>
  );
}
