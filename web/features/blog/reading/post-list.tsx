import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { BLOG_PAGE_SIZE } from '../../../../contracts/blog.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { postListQuery, type PostFilters } from '../api.ts';
import { PostCard, PostCardSkeleton } from './post-card.tsx';

/** The grid of post cards: one column on a phone, as many of at least 280 px as fit otherwise. */
export const postGridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
} as const;

/** The address of page `page` of the list at `search`, keeping its filters. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A page of posts with a numbered pager. While another page loads, the one shown stays (dimmed, busy), and
 * the first load shows skeleton cards of the same size, so the pager and the footer never move.
 */
export function PostList({
  filters,
  label,
  empty,
  holding = false,
}: {
  filters: PostFilters;
  /** The list's accessible name. */
  label: string;
  /** What an empty list shows. */
  empty: ReactNode;
  /** Keep the skeleton while something drawn above the list still loads, so the list never moves down. */
  holding?: boolean;
}) {
  const location = useLocation();
  const query = useQuery(postListQuery(filters));
  const list = holding ? undefined : query.data;

  if (query.isError && !query.data)
    return (
      <QueryError
        error={query.error}
        lead="The posts could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );

  if (!list)
    return (
      <Box component="ul" aria-label={label} aria-busy="true" sx={postGridSx}>
        {Array.from({ length: BLOG_PAGE_SIZE }, (_, index) => (
          <li key={index}>
            <PostCardSkeleton />
          </li>
        ))}
      </Box>
    );

  if (list.items.length === 0 && !query.isPlaceholderData) return <>{empty}</>;

  const loadingNext = query.isPlaceholderData;
  return (
    <>
      <Box
        component="ul"
        aria-label={label}
        aria-busy={loadingNext}
        sx={{ ...postGridSx, opacity: loadingNext ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {list.items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </Box>
      {list.pageCount > 1 ? (
        <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}>
          <Pagination
            // The pager is its own navigation landmark.
            aria-label={`Pages of ${label.toLowerCase()}`}
            page={Math.min(filters.page, list.pageCount)}
            count={list.pageCount}
            siblingCount={1}
            renderItem={(item) => (
              <PaginationItem
                component={RouterLink}
                to={pageHref(location.pathname, location.search, item.page ?? 1)}
                {...item}
              />
            )}
          />
        </Box>
      ) : null}
    </>
  );
}
