import { TagChip } from '../../../components/tag-chip.tsx';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PostSummary } from '../../../../contracts/blog.ts';
import { ProfileAvatar } from '../../../components/profile-avatar.tsx';
import { displayNameOf } from '../api.ts';
import { authorPath, formatDate, postPath, readingTime, tagPath } from './paths.ts';

// Every part of a card has a fixed height (the cover's ratio, clamped lines), so a card, its skeleton and the
// next page's cards take the same room and nothing below moves while posts load.
const lines = (count: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: count,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  height: `calc(${count} * 1.5em)`,
  lineHeight: 1.5,
});

const coverSx = { aspectRatio: '16 / 9', width: '100%', display: 'block', objectFit: 'cover' } as const;

/** A hue of the colour wheel picked by the post's address, so a post keeps its colours wherever it is listed. */
function hueOf(slug: string): number {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % 360;
}

/**
 * A post's cover at a fixed ratio. A post without one gets a drawn one of the same size, in colours of its
 * own with its first tag, so a list of posts without pictures still tells them apart at a glance.
 */
function Cover({ post }: { post: PostSummary }) {
  if (post.coverURL)
    return (
      <Box
        component="img"
        src={post.coverURL}
        alt={post.coverAlt}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        sx={{ ...coverSx, bgcolor: 'action.hover' }}
      />
    );
  const hue = hueOf(post.slug);
  const tag = post.tags[0];
  return (
    <Box
      aria-hidden
      sx={{
        ...coverSx,
        // Dark enough in both themes for white text (4.5:1 or more at 32% lightness).
        background: `linear-gradient(135deg, hsl(${hue} 45% 32%), hsl(${(hue + 40) % 360} 50% 24%))`,
        color: '#fff',
        display: 'flex',
        alignItems: 'flex-end',
        p: 2,
        overflow: 'hidden',
      }}
    >
      {tag ? (
        <Typography
          component="span"
          variant="h5"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', ...lines(2) }}
        >
          #{tag}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * One post in a list: cover, title (to the post), excerpt, author (to their blog page), date, reading time
 * and tags (each filters the list). Featured posts are drawn larger, with a longer excerpt.
 */
export function PostCard({ post, featured = false }: { post: PostSummary; featured?: boolean }) {
  const name = displayNameOf(post.author);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={`post-${post.id}-title`}
      sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Cover post={post} />
      <Stack spacing={1} sx={{ p: 2, flex: 1 }}>
        <Typography
          id={`post-${post.id}-title`}
          variant={featured ? 'h2' : 'h6'}
          component="h3"
          sx={{ ...lines(2), fontWeight: 600 }}
        >
          <Link component={RouterLink} to={postPath(post.slug)} underline="hover" color="inherit">
            {post.title}
          </Link>
        </Typography>
        <Typography color="text.secondary" sx={lines(featured ? 4 : 3)}>
          {post.excerpt}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          {/* The name is written beside the photo, so the photo says nothing more. */}
          <ProfileAvatar name={name} photoURL={post.author.photoURL} size={28} alt="" />
          <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={authorPath(post.author.handle)}>
              {name}
            </Link>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              · <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> ·{' '}
              {readingTime(post.readingMinutes)}
            </Box>
          </Typography>
        </Stack>
        {post.tags.length > 0 ? (
          <Box
            component="ul"
            aria-label={`Tags of ${post.title}`}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 0.5,
              maxHeight: 56,
              overflow: 'hidden',
            }}
          >
            {post.tags.map((tag) => (
              <li key={tag}>
                <TagChip tag={tag} to={tagPath(tag)} />
              </li>
            ))}
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A card's place while its post loads, the same size as the card. */
export function PostCardSkeleton({ featured = false }: { featured?: boolean }) {
  return (
    <Paper variant="outlined" aria-hidden sx={{ overflow: 'hidden', height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ ...coverSx, height: 'auto' }} />
      <Stack spacing={1} sx={{ p: 2 }}>
        <Skeleton variant="text" sx={{ height: 'calc(2 * 1.5em)' }} />
        <Skeleton variant="text" sx={{ height: `calc(${featured ? 4 : 3} * 1.5em)` }} />
        <Skeleton variant="text" sx={{ height: 28 }} />
      </Stack>
    </Paper>
  );
}
