import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BlogAuthor } from '../../../../contracts/blog.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ProfileAvatar } from '../../../components/profile-avatar.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { useSession } from '../../../lib/session.ts';
import { space } from '../../../lib/spacing.ts';
import { authorQuery, authorQueryKey, displayNameOf, isNotFound, readerKeyOf } from '../api.ts';
import { FollowAuthorButton, SignInToFollow } from './author-box.tsx';
import { FeedLinks } from './blog-page.tsx';
import { authorPath } from './paths.ts';
import { PostList } from './post-list.tsx';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function AuthorNotFound() {
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 760 }}>
      <PageHeader title="Author not found" />
      <Typography sx={{ mb: 3 }}>Nobody with this handle writes on the blog.</Typography>
      <Button variant="contained" component={RouterLink} to="/blog">
        Go to the blog
      </Button>
    </Box>
  );
}

/** `/blog/authors/:handle`: who the author is, Follow, their feed, and their posts a page at a time. */
export function AuthorPage() {
  const { handle = '' } = useParams();
  const [params] = useSearchParams();
  const { user, signedIn } = useSession();
  const readerKey = readerKeyOf(user);
  const query = useQuery(authorQuery(handle, readerKey));
  const data = query.data;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);

  if (query.isError && isNotFound(query.error)) return <AuthorNotFound />;
  if (!data)
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title="Author" />
        {query.isError ? (
          <QueryError
            error={query.error}
            lead="The author could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : (
          <CircularProgress aria-label="Loading the author" />
        )}
      </Box>
    );

  const { author } = data;
  const name = displayNameOf(author);
  const own = readerKey !== undefined && readerKey === author.key;
  const follow = own ? null : signedIn ? (
    <FollowAuthorButton<BlogAuthor>
      author={author}
      following={data.followsAuthor}
      queryKey={authorQueryKey(handle, readerKey)}
      setFollowers={(current, followers, following) => ({
        ...current,
        followsAuthor: following,
        followers: followers ?? current.followers,
      })}
    />
  ) : (
    <SignInToFollow back={authorPath(handle)} />
  );

  return (
    <Box component="section" aria-labelledby="section-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ProfileAvatar name={name} photoURL={author.photoURL} size={72} alt="" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <PageHeader title={name} subtitle={`@${author.handle} on the blog`} actions={follow} />
        </Box>
      </Stack>
      {data.bio ? <Typography sx={{ maxWidth: 760, mb: 1 }}>{data.bio}</Typography> : null}
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {count(data.followers, 'follower', 'followers')} · {count(data.posts, 'post', 'posts')} ·{' '}
        <TextLink to={`/u/${encodeURIComponent(author.handle)}`}>Profile</TextLink>
      </Typography>
      <FeedLinks author={author.handle} />
      <Box component="section" aria-labelledby="author-posts-title" sx={{ mt: space.section }}>
        <Typography id="author-posts-title" variant="h5" component="h2" sx={{ mb: space.block }}>
          Posts by {name}
        </Typography>
        <PostList
          filters={{ q: '', tag: '', author: author.handle, series: '', page }}
          label={`Posts by ${name}`}
          empty={
            <EmptyState icon={<EditNoteIcon />} link={{ to: '/blog', label: 'Read the blog' }}>
              {name} has not published a post yet.
            </EmptyState>
          }
        />
      </Box>
    </Box>
  );
}
