import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Post } from '../../../../contracts/blog.ts';
import { TextLink } from '../../../components/text-link.tsx';
import { postPath } from './paths.ts';

type Series = NonNullable<Post['series']>;

/** The posts before and after `slug` in the series, in order. */
export function neighbours(series: Series, slug: string) {
  const posts = [...series.posts].sort((a, b) => a.position - b.position);
  const index = posts.findIndex((post) => post.slug === slug);
  return {
    posts,
    index,
    previous: index > 0 ? posts[index - 1] : undefined,
    next: index >= 0 && index < posts.length - 1 ? posts[index + 1] : undefined,
  };
}

/** The series a post belongs to: every part in order, this one marked, and the previous and next part. */
export function SeriesNav({ series, slug }: { series: Series; slug: string }) {
  const titleId = useId();
  const { posts, index, previous, next } = neighbours(series, slug);
  return (
    <Paper component="nav" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, my: 3 }}>
      <Typography id={titleId} variant="h6" component="h2">
        Series: {series.title}
      </Typography>
      {index >= 0 ? (
        <Typography variant="body2" color="text.secondary">
          Part {index + 1} of {posts.length}
        </Typography>
      ) : null}
      <Box component="ol" sx={{ my: 1, pl: 3 }}>
        {posts.map((post) => (
          <li key={post.slug}>
            {post.slug === slug ? (
              <Box component="span" aria-current="page" sx={{ fontWeight: 600 }}>
                {post.title}
              </Box>
            ) : (
              <TextLink to={postPath(post.slug)}>{post.title}</TextLink>
            )}
          </li>
        ))}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <span>
          {previous ? <TextLink to={postPath(previous.slug)}>← Previous: {previous.title}</TextLink> : null}
        </span>
        <span>{next ? <TextLink to={postPath(next.slug)}>Next: {next.title} →</TextLink> : null}</span>
      </Stack>
    </Paper>
  );
}
