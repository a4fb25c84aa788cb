import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  pdfSorts,
  readStatuses,
  type PdfListQuery,
  type PdfSort,
  type ReadStatus,
} from '../../../../contracts/pdfs.ts';
import { useSetParams } from '../../../lib/url-params.ts';

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
