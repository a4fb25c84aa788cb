import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  pdfSorts,
  readStatuses,
  type PdfListQuery,
  type PdfSort,
  type ReadStatus,
} from '../../../../contracts/pdfs.ts';

/** The list's order and filters, as the address holds them (`?sort=&tag=&collection=&status=`). */
export interface LibraryFilters {
  sort: PdfSort;
  tag: string;
  collection: string;
  status: ReadStatus | '';
}

const collectionId = z.uuid();

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value);
}

/**
 * Sets parameters of the address (an empty value removes one), replacing the history entry, so Back leaves the
 * library rather than stepping through every filter tried. Several go in one call: the router's functional
 * updates do not queue, so a second call would undo the first.
 */
export function useSetParams(): (changes: Record<string, string>) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
}

/**
 * The list's filters from the address, so they survive a reload and the way back from the reader. Values the
 * contract would refuse (an unknown order, a collection that is not an id) are read as "none".
 */
export function useLibraryFilters() {
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const sortParam = params.get('sort');
  const tagParam = params.get('tag');
  const collectionParam = params.get('collection');
  const statusParam = params.get('status');

  const filters = useMemo<LibraryFilters>(() => {
    const collection = collectionParam ?? '';
    return {
      sort: oneOf(pdfSorts, sortParam) ?? 'added',
      tag: tagParam?.trim() ?? '',
      collection: collectionId.safeParse(collection).success ? collection : '',
      status: oneOf(readStatuses, statusParam) ?? '',
    };
  }, [sortParam, tagParam, collectionParam, statusParam]);

  // The default order is left out, so the plain list shares its cached copy with the learning home.
  const query = useMemo<Partial<PdfListQuery>>(() => {
    const chosen: Partial<PdfListQuery> = {};
    if (filters.sort !== 'added') chosen.sort = filters.sort;
    if (filters.tag) chosen.tag = filters.tag;
    if (filters.collection) chosen.collection = filters.collection;
    if (filters.status) chosen.status = filters.status;
    return chosen;
  }, [filters]);

  const filtered = Boolean(filters.tag || filters.collection || filters.status);
  const clear = useCallback(() => setParams({ tag: '', collection: '', status: '' }), [setParams]);
  return { filters, query, filtered, setParams, clear };
}

/**
 * A text field bound to one address parameter: what is typed goes to the address once typing pauses (or at
 * once with `commit`, on Enter), and a change of the address (Back, "Clear") shows in the field.
 */
export function useDebouncedParam(name: string, delay = 300) {
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const inAddress = params.get(name)?.trim() ?? '';
  const [text, setText] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  // The address changed under the field: show its value, unless it is only what was typed, tidied.
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== text.trim()) setText(inAddress);
  }

  useEffect(() => {
    if (text.trim() === inAddress) return;
    const timer = setTimeout(() => setParams({ [name]: text.trim() }), delay);
    return () => clearTimeout(timer);
  }, [text, inAddress, name, delay, setParams]);

  const commit = useCallback(() => setParams({ [name]: text.trim() }), [name, text, setParams]);
  return { value: inAddress, text, setText, commit };
}
