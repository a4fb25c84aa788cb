import { TagChip } from '../../../components/tag-chip.tsx';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Post } from '../../../../contracts/blog.ts';
import { LazyCitedMarkdown } from '../../../components/markdown/lazy.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useSession } from '../../../lib/session.ts';
import { isNotFound, postQuery, postQueryKey, readerKeyOf } from '../api.ts';
import { AuthorCard, Byline, FollowAuthorButton, SignInToFollow } from './author-box.tsx';
import { Comments } from './comments.tsx';
import { editPostPath, postPath, tagPath } from './paths.ts';
import { PostActions } from './post-actions.tsx';
import { PostModeration } from './post-moderation.tsx';
import { SeriesNav } from './series-nav.tsx';
import { TableOfContents, tocEntriesOf, type TocEntry } from './table-of-contents.tsx';
import { useCardLinks } from './use-card-links.ts';

/** No post at this address (never was, unpublished, or a mistyped link). */
function PostNotFound() {
  return (
    <Box component="section" aria-labelledby="post-title" sx={{ maxWidth: 760 }}>
      <PageHeader title="Post not found" titleId="post-title" />
      <Typography sx={{ mb: 3 }}>
        There is no published post at this address. The link may be mistyped, or the post may have been
        unpublished.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/blog">
        Go to the blog
      </Button>
    </Box>
  );
}

/** The body in the card renderer, with the sections it contains reported once it is on the page. */
function PostBody({ post, onSections }: { post: Post; onSections: (entries: TocEntry[]) => void }) {
  // The text is typeset after the first paint, not in it: the cover, title and byline show as soon as the post
  // arrives (the cover is the page's largest paint), and the renderer's code and its work on the text follow.
  // Until then the text's place is kept a screen tall, so what comes after it does not jump.
  const body = useDeferredValue(post.body, '');
  const links = useCardLinks(body);
  const ref = useRef<HTMLDivElement>(null);
  // The sections are read from the page whenever the text's elements change: the renderer's code arrives
  // after the post, and the text is typeset after the first paint, so neither render is the last one.
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const collect = () => onSections(tocEntriesOf(root));
    collect();
    const observer = new MutationObserver(collect);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [onSections]);
  return (
    // A section a contents link jumps to starts below the sticky top bar, not under it.
    <Box ref={ref} sx={{ minWidth: 0, '& h2, & h3': { scrollMarginTop: 88 } }}>
      {body === '' && post.body !== '' ? (
        <Box aria-busy="true" sx={{ minHeight: '100vh' }} />
      ) : (
        <LazyCitedMarkdown source={body} links={links} headingIds reserve="100vh" />
      )}
    </Box>
  );
}

/** An earlier slug answered the post: the address becomes the post's own, replacing the old entry. */
function useCanonicalSlug(post: Post | undefined, slug: string, readerKey: string | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!post || post.slug === slug) return;
    // The new address finds the post already read, with no second request.
    queryClient.setQueryData(postQueryKey(post.slug, readerKey), post);
    void navigate(`${postPath(post.slug)}${location.search}${location.hash}`, { replace: true });
  }, [post, slug, readerKey, navigate, location.search, location.hash, queryClient]);
}

function PostView({ slug }: { slug: string }) {
  const { user, signedIn } = useSession();
  const readerKey = readerKeyOf(user);
  const query = useQuery(postQuery(slug, readerKey));
  const post = query.data;
  const queryKey = postQueryKey(slug, readerKey);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [sections, setSections] = useState<TocEntry[]>([]);
  // Kept as they are when read again unchanged, so a change elsewhere in the text renders nothing more.
  const onSections = useCallback(
    (entries: TocEntry[]) =>
      setSections((current) => (JSON.stringify(current) === JSON.stringify(entries) ? current : entries)),
    [],
  );
  const notFound = query.isError && isNotFound(query.error);
  // The side column is reserved from the first render when the text has sections (an ATX h2 or h3), so the
  // text does not move sideways once the contents are collected from the page.
  const sideColumn =
    wide && (sections.length > 0 || (post !== undefined && /^ {0,3}#{2,3}\s+\S/m.test(post.body)));
  useDocumentTitle(post ? post.title : notFound ? 'Post not found' : 'Blog post');
  useCanonicalSlug(post, slug, readerKey);

  if (notFound) return <PostNotFound />;
  if (!post)
    return (
      <Box component="section" aria-labelledby="post-title">
        <PageHeader title="Blog post" titleId="post-title" />
        {query.isError ? (
          <QueryError
            error={query.error}
            lead="The post could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : (
          <CircularProgress aria-label="Loading the post" />
        )}
      </Box>
    );

  const follow = post.canEdit ? null : signedIn ? (
    <FollowAuthorButton<Post>
      author={post.author}
      following={post.followsAuthor}
      queryKey={queryKey}
      setFollowers={(data, followers, following) => ({
        ...data,
        followsAuthor: following,
        authorFollowers: followers ?? data.authorFollowers,
      })}
    />
  ) : (
    <SignInToFollow back={postPath(post.slug)} />
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 4,
        gridTemplateColumns: sideColumn ? 'minmax(0, 1fr) 260px' : 'minmax(0, 1fr)',
        alignItems: 'start',
      }}
    >
      <Box
        component="article"
        aria-labelledby="post-title"
        sx={{ maxWidth: 760, minWidth: 0, width: '100%', justifySelf: 'center' }}
      >
        {post.coverURL ? (
          <Box
            component="img"
            src={post.coverURL}
            alt={post.coverAlt}
            referrerPolicy="no-referrer"
            // The page's largest paint: fetched first (the served head preloads it with the same priority).
            fetchPriority="high"
            sx={{
              width: '100%',
              aspectRatio: '16 / 9',
              objectFit: 'cover',
              borderRadius: 1,
              mb: 2,
              display: 'block',
            }}
          />
        ) : null}
        <PageHeader
          title={post.title}
          // Not the usual `section-title`: the post's own headings take `section-…` ids.
          titleId="post-title"
          {...(post.excerptWritten ? { subtitle: post.excerpt } : {})}
          actions={
            post.canEdit ? (
              <Button
                variant="outlined"
                startIcon={<EditIcon />}
                component={RouterLink}
                to={editPostPath(post.id)}
              >
                Edit
              </Button>
            ) : null
          }
        />
        <Byline author={post.author} publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
        {post.canModerate ? <PostModeration post={post} queryKey={queryKey} /> : null}
        {post.series ? <SeriesNav series={post.series} slug={post.slug} /> : null}
        {!wide ? <TableOfContents entries={sections} wide={false} /> : null}
        <Box sx={{ mt: 3 }}>
          <PostBody post={post} onSections={onSections} />
        </Box>
        {post.tags.length > 0 ? (
          <Box
            component="ul"
            aria-label="Tags"
            sx={{ listStyle: 'none', p: 0, mt: 3, mb: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {post.tags.map((tag) => (
              <li key={tag}>
                <TagChip tag={tag} to={tagPath(tag)} />
              </li>
            ))}
          </Box>
        ) : null}
        <PostActions post={post} queryKey={queryKey} signedIn={signedIn} />
        <AuthorCard author={post.author} followers={post.authorFollowers} follow={follow} />
        <Comments postId={post.id} readerKey={readerKey} back={postPath(post.slug)} count={post.comments} />
      </Box>
      {sideColumn ? <TableOfContents entries={sections} wide /> : null}
    </Box>
  );
}

/** `/blog/:slug`: a published post with its contents, series, likes, sharing, author and comments. */
export function PostPage() {
  const { slug = '' } = useParams();
  // Another post is another page: nothing of this one's state (sections, open forms) carries over.
  return <PostView key={slug} slug={slug} />;
}
