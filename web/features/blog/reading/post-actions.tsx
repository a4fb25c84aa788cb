import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { QueryKey } from '@tanstack/react-query';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IosShareIcon from '@mui/icons-material/IosShare';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Post } from '../../../../contracts/blog.ts';
import { LikeButton } from '../../../components/like-button.tsx';
import { loginPathFor } from '../../../lib/navigation.ts';
import { setPostLike } from '../api.ts';
import { postPath } from './paths.ts';
import { shareLinks } from './share-links.ts';

/** Like / take back a like, with the count (see LikeButton); a signed-out reader is offered to sign in. */
function PostLikeButton({ post, queryKey, signedIn }: { post: Post; queryKey: QueryKey; signedIn: boolean }) {
  const likes = `${post.likes.toLocaleString('en')} ${post.likes === 1 ? 'like' : 'likes'}`;

  if (!signedIn)
    return (
      <Button
        variant="outlined"
        component={RouterLink}
        to={loginPathFor(postPath(post.slug))}
        startIcon={<FavoriteBorderIcon />}
      >
        Sign in to like ({likes})
      </Button>
    );
  return (
    <LikeButton<Post>
      queryKey={queryKey}
      liked={post.likedByViewer}
      label={`Like (${likes})`}
      send={(like) => setPostLike(post.id, like)}
      withLike={(item, liked, count) => ({ ...item, likedByViewer: liked, likes: count })}
    />
  );
}

/**
 * Sharing: copy the address (the Clipboard API, with the address shown to copy by hand where it is refused),
 * the device's own share sheet where there is one, and links to X, LinkedIn and email.
 */
function Share({ post }: { post: Post }) {
  const url = `${window.location.origin}${postPath(post.slug)}`;
  const [status, setStatus] = useState<{ text: string; severity: 'success' | 'info' } | null>(null);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setStatus({ text: 'Link copied to the clipboard.', severity: 'success' });
    } catch {
      setStatus({ text: `The link could not be copied automatically: ${url}`, severity: 'info' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: post.title, text: post.excerpt, url });
    } catch {
      // Closing the share sheet rejects too; there is nothing to say about it.
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => void copy()}>
        Copy link
      </Button>
      {canShare ? (
        <Button variant="outlined" startIcon={<IosShareIcon />} onClick={() => void share()}>
          Share…
        </Button>
      ) : null}
      <Box
        component="ul"
        aria-label="Share this post"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
        }}
      >
        {shareLinks(url, post.title).map((link) => (
          <li key={link.label}>
            <Link
              href={link.href}
              target={link.href.startsWith('mailto:') ? undefined : '_blank'}
              rel="noopener noreferrer"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </Box>
      <Box role="status" sx={{ width: '100%' }}>
        {status ? (
          <Alert severity={status.severity} onClose={() => setStatus(null)}>
            {status.text}
          </Alert>
        ) : null}
      </Box>
    </>
  );
}

/** Under the post: like and share. */
export function PostActions({
  post,
  queryKey,
  signedIn,
}: {
  post: Post;
  queryKey: QueryKey;
  signedIn: boolean;
}) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 3 }}>
      <PostLikeButton post={post} queryKey={queryKey} signedIn={signedIn} />
      <Share post={post} />
    </Stack>
  );
}
