import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  courseListQuerySchema,
  type CourseLength,
  type CourseLevel,
  type CourseListQuery,
  type CourseSummary,
} from '../../../contracts/classroom.ts';
import { tidyCourseQuery } from '../../lib/classroom-api.ts';
import { useDebouncedParam, useSetParams } from '../../lib/url-params.ts';

/** The catalogue's filters as the address holds them (`?topic=&level=&length=`); '' is "any". */
export interface CatalogueFilters {
  topic: string;
  level: CourseLevel | '';
  length: CourseLength | '';
}

const { topic, level, length } = courseListQuerySchema.shape;

/** `raw` when the contract's `schema` takes it, else '' ("any"). */
function valid<T extends string>(schema: z.ZodType<T | undefined>, raw: string | null): T | '' {
  const parsed = schema.safeParse(raw?.trim() || undefined);
  return parsed.success ? (parsed.data ?? '') : '';
}

/**
 * The filters in `params`. A value the server would refuse (an unknown level, a topic that is not a slug) is
 * read as "any", so a mistyped address shows the catalogue rather than an error.
 */
export function filtersOf(params: URLSearchParams): CatalogueFilters {
  return {
    topic: valid(topic, params.get('topic')),
    level: valid(level, params.get('level')),
    length: valid(length, params.get('length')),
  };
}

/**
 * The topics the Topic box offers: every topic of the courses, in alphabetical order, and the chosen one even
 * when no course has it any more, so the box shows what is applied.
 */
export function topicsOf(courses: readonly Pick<CourseSummary, 'topics'>[], chosen: string): string[] {
  const topics = new Set(courses.flatMap((course) => course.topics));
  if (chosen) topics.add(chosen);
  return [...topics].sort((a, b) => a.localeCompare(b, 'en'));
}

/**
 * The catalogue's search and filters, kept in the address so a search survives a reload, the way back from a
 * course, and can be shared. The words go to the address once typing pauses; the boxes at once.
 */
export function useCatalogueFilters() {
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const search = useDebouncedParam('q');
  const filters = useMemo(() => filtersOf(params), [params]);
  const query = useMemo<Partial<CourseListQuery>>(
    () =>
      tidyCourseQuery({
        q: search.value,
        topic: filters.topic,
        level: filters.level || undefined,
        length: filters.length || undefined,
      }),
    [search.value, filters],
  );
  const filtered = Boolean(search.value || filters.topic || filters.level || filters.length);
  const clear = useCallback(() => setParams({ q: '', topic: '', level: '', length: '' }), [setParams]);
  return { search, filters, query, filtered, setParams, clear };
}
