import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MyPost } from '../../../../contracts/blog.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { loginPathFor } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session.ts';
import { myPostsQuery } from './api.ts';
import { NewPostButton } from './new-post-button.tsx';
import { editorPath, formatDateTime, livePath, statusColor, statusLabel } from './post-labels.ts';

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}

function PostRow({ post }: { post: MyPost }) {
  const title = post.title.trim() || 'Untitled post';
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={editorPath(post.id)}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {title}
      </Link>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <Chip
          size="small"
          color={statusColor(post.status)}
          variant="outlined"
          label={statusLabel(post.status, post.scheduledFor)}
        />
        {post.status !== 'draft' && post.hasUnpublishedChanges ? (
          <Chip size="small" variant="outlined" label="Unpublished changes" />
        ) : null}
        <Typography variant="body2" color="text.secondary">
          Edited {formatDateTime(post.updatedAt)}
          {post.publishedAt ? ` · published ${formatDateTime(post.publishedAt)}` : ''}
          {post.status === 'published'
            ? ` · ${count(post.likes, 'like', 'likes')} · ${count(post.comments, 'comment', 'comments')}`
            : ''}
        </Typography>
      </Box>
      {post.status === 'published' && post.liveSlug ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <TextLink to={livePath(post.liveSlug)}>
            Read it live<VisuallyHidden>: {title}</VisuallyHidden>
          </TextLink>
        </Typography>
      ) : null}
    </Box>
  );
}

function MyPosts() {
  const posts = useQuery(myPostsQuery());
  if (posts.isPending) return <CircularProgress aria-label="Loading your posts" />;
  if (posts.isError)
    return (
      <QueryError
        error={posts.error}
        lead="Your posts could not be loaded."
        onRetry={() => void posts.refetch()}
      />
    );
  if (posts.data.items.length === 0)
    return (
      <EmptyState
        icon={<ArticleOutlinedIcon />}
        link={{ to: '/blog_builder', label: 'Open the blog builder' }}
      >
        You have not written a post yet. Start one with New post, or let the blog builder draft one from your
        cards.
      </EmptyState>
    );
  return (
    <Box component="ul" aria-label="Your posts" sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 860 }}>
      {posts.data.items.map((post) => (
        <PostRow key={post.id} post={post} />
      ))}
    </Box>
  );
}

/** `/blog/write`: the signed-in person's posts in every status, with "New post". */
export function MyPostsPage() {
  const { user } = useSession();
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ minWidth: 0 }}>
      <PageHeader
        title="My posts"
        guideAnchor="blog"
        subtitle={user ? <TextLink to="/blog">Read the blog</TextLink> : undefined}
        actions={user ? <NewPostButton /> : undefined}
      />
      {user ? (
        <MyPosts />
      ) : (
        <Typography>
          You are not signed in. <TextLink to={loginPathFor('/blog/write')}>Sign in</TextLink> to write posts.
        </Typography>
      )}
    </Box>
  );
}
