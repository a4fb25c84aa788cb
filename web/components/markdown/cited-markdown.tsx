import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { citedKeys } from '../../../contracts/card-text.ts';
import { citationsQuery, useResearchViewer } from '../../lib/research-api.ts';
import { citationMapOf, type CitationMap } from './citations.ts';
import { Markdown, type MarkdownProps } from './markdown.tsx';

/** The API resolves at most this many keys at once (contracts/research.ts). */
const maxKeys = 200;

/**
 * The `[@key]` citations of `source`, resolved as the reader sees them and numbered in the order first cited;
 * undefined while they load, when they cannot be loaded, or when the text cites nothing.
 */
export function useCitations(source: string): CitationMap | undefined {
  const viewer = useResearchViewer();
  const keys = useMemo(() => citedKeys(source).slice(0, maxKeys), [source]);
  const resolved = useQuery({ ...citationsQuery(viewer, keys), enabled: keys.length > 0 });
  const items = resolved.data?.items;
  return useMemo(() => (items ? citationMapOf(keys, items) : undefined), [keys, items]);
}

/** The card renderer with `[@key]` citations resolved: numbered links in the text, References at the end. */
export function CitedMarkdown(props: Omit<MarkdownProps, 'citations'>) {
  const citations = useCitations(props.source);
  return <Markdown {...props} citations={citations} />;
}
