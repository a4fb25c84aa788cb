import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Post } from '../../../../contracts/blog.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { blogQueryRoot, setPostFeatured, unpublishPost } from '../api.ts';

/** Feature / Unfeature and Unpublish, for administrators; Unpublish asks first, then leaves for `/blog`. */
export function PostModeration({ post, queryKey }: { post: Post; queryKey: QueryKey }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const feature = useMutation({
    mutationFn: (featured: boolean) => setPostFeatured(post.id, featured),
    onSuccess: (_answer, featured) => {
      queryClient.setQueryData<Post>(queryKey, (current) => (current ? { ...current, featured } : current));
      // The front page's featured row and lists change.
      void queryClient.invalidateQueries({ queryKey: [...blogQueryRoot, 'posts'] });
    },
  });
  const unpublish = useMutation({
    mutationFn: () => unpublishPost(post.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: blogQueryRoot });
      void navigate('/blog', { replace: true });
    },
  });
  const error = feature.error ?? unpublish.error;

  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mt: 2 }}
      role="group"
      aria-label="Moderation"
    >
      <Button
        variant="outlined"
        aria-pressed={post.featured}
        disabled={feature.isPending}
        onClick={() => feature.mutate(!post.featured)}
      >
        {post.featured ? 'Unfeature' : 'Feature'}
      </Button>
      <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
        Unpublish
      </Button>
      {error ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {errorSentence(error)}
        </Alert>
      ) : null}
      <SheetDialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="unpublish-title">
        <DialogTitle id="unpublish-title">Unpublish “{post.title}”?</DialogTitle>
        <DialogContent>
          <DialogContentText>The post leaves the blog and its feeds.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={unpublish.isPending}
            onClick={() => {
              setConfirming(false);
              unpublish.mutate();
            }}
          >
            Unpublish
          </Button>
        </DialogActions>
      </SheetDialog>
    </Stack>
  );
}
