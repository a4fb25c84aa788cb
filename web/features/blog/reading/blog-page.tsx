import type { PostSummary } from '../../../../contracts/blog.ts';
import { touchLinkSx } from '../../../components/tag-chip.tsx';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { useSession } from '../../../lib/session.ts';
import { space } from '../../../lib/spacing.ts';
import { postListQuery, type PostFilters } from '../api.ts';
import { BlogFilters } from './blog-filters.tsx';
import { feedPaths, writePath } from './paths.ts';
import { PostCard } from './post-card.tsx';
import { PostList, postGridSx } from './post-list.tsx';

/** Featured posts shown above the list, at most. */
const featuredShown = 3;

/** The filters in the address (`?q=&tag=&author=&series=&page=`). */
export function filtersOf(params: URLSearchParams): PostFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    q: params.get('q')?.trim() ?? '',
    tag: params.get('tag') ?? '',
    author: params.get('author') ?? '',
    series: params.get('series') ?? '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The posts the editors chose, large, on the unfiltered first page; nothing when none. */
function Featured({ posts }: { posts: PostSummary[] }) {
  const featured = posts.slice(0, featuredShown);
  if (featured.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="featured-title" sx={{ mb: space.section }}>
      <Typography id="featured-title" variant="h5" component="h2" sx={{ mb: space.block }}>
        Featured
      </Typography>
      <Box
        component="ul"
        aria-labelledby="featured-title"
        sx={{ ...postGridSx, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 360px), 1fr))' }}
      >
        {featured.map((post) => (
          <li key={post.id}>
            <PostCard post={post} featured />
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Links to the feed of what the page lists: the whole blog, a tag or an author. */
export function FeedLinks({ tag, author }: { tag?: string; author?: string }) {
  const feeds = feedPaths({ ...(tag ? { tag } : {}), ...(author ? { author } : {}) });
  const what = author ? 'these posts' : tag ? `#${tag}` : 'the blog';
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {/* React puts these in the document's head, where feed readers and browsers look for a page's feeds. */}
      <link rel="alternate" type="application/rss+xml" title={`RSS feed of ${what}`} href={feeds.rss} />
      <link rel="alternate" type="application/atom+xml" title={`Atom feed of ${what}`} href={feeds.atom} />
      <RssFeedIcon fontSize="small" aria-hidden sx={{ color: 'warning.main' }} />
      {/* The feeds are files the server writes, not pages of the app: plain links. */}
      <Link href={feeds.rss} type="application/rss+xml" sx={touchLinkSx}>
        RSS feed of {what}
      </Link>
      <Link href={feeds.atom} type="application/atom+xml" sx={touchLinkSx}>
        Atom feed
      </Link>
    </Stack>
  );
}

function NoPosts({ filtered }: { filtered: boolean }) {
  if (filtered)
    return (
      <EmptyState icon={<EditNoteIcon />} link={{ to: '/blog', label: 'Show all posts' }}>
        No posts match these filters.
      </EmptyState>
    );
  return (
    <EmptyState icon={<EditNoteIcon />} link={{ to: writePath, label: 'Write a post' }}>
      The blog publishes posts written from cards: explanations, tutorials and project notes by people on CARD
      WEB, each on its own page with a feed to follow. Nothing is published yet: write the first post, or let
      the <TextLink to="/blog_builder">blog builder</TextLink> draft one from your cards.
    </EmptyState>
  );
}

/** `/blog`: featured posts, then every published post, filtered by the address, a page at a time. */
export function BlogPage() {
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  const { signedIn } = useSession();
  const filtered = Boolean(filters.q || filters.tag || filters.author || filters.series);
  const showFeatured = !filtered && filters.page === 1;
  // The featured posts are drawn above the list: until they are known, the list keeps its skeleton, so the
  // first post a reader sees is never pushed down when they arrive. A failed load shows no featured posts.
  const featured = useQuery({ ...postListQuery({ featured: true }), enabled: showFeatured });

  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader
        title="Blog"
        guideAnchor="blog"
        subtitle="Posts written from cards by people on CARD WEB."
        actions={
          signedIn ? (
            <Button variant="contained" component={RouterLink} to={writePath} startIcon={<EditNoteIcon />}>
              Write a post
            </Button>
          ) : null
        }
      />
      {showFeatured && featured.data ? <Featured posts={featured.data.items} /> : null}
      <Box component="section" aria-labelledby="posts-title">
        <Typography id="posts-title" variant="h5" component="h2" sx={{ mb: space.block }}>
          {filtered ? 'Matching posts' : 'Latest posts'}
        </Typography>
        <BlogFilters filters={filters} />
        <PostList
          filters={filters}
          label="Posts"
          empty={<NoPosts filtered={filtered} />}
          holding={showFeatured && featured.isPending}
        />
      </Box>
      <Box sx={{ mt: space.section }}>
        <FeedLinks tag={filters.tag} author={filters.author} />
      </Box>
    </Box>
  );
}
