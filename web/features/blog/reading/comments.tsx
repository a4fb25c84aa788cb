import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { blogLimits, type BlogComment } from '../../../../contracts/blog.ts';
import { LazyMarkdown } from '../../../components/markdown/lazy.tsx';
import { ProfileAvatar } from '../../../components/profile-avatar.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { loginPathFor } from '../../../lib/navigation.ts';
import {
  commentsQuery,
  commentsQueryKey,
  deleteComment,
  displayNameOf,
  postComment,
  reportComment,
} from '../api.ts';
import { commentTree, maxIndentDepth, type CommentNode } from './comment-tree.ts';
import { formatDate } from './paths.ts';

/** Who reads the thread, and what they may do in it. */
interface Reader {
  postId: string;
  readerKey: string | undefined;
  /** Where sign-in comes back to. */
  back: string;
}

/** The form for a comment or a reply; it clears and closes once the comment is kept. */
function CommentForm({
  reader,
  parent,
  onDone,
}: {
  reader: Reader;
  parent: BlogComment | null;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [empty, setEmpty] = useState(false);
  const send = useMutation({
    mutationFn: () => postComment(reader.postId, body.trim(), parent?.id ?? null),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(reader.postId, reader.readerKey) });
      onDone?.();
    },
  });
  const label = parent ? `Reply to ${displayNameOf(parent.author)}` : 'Add a comment';
  const fieldError =
    send.error instanceof ApiError ? send.error.fields.find((field) => field.path === 'body') : undefined;
  const helper = empty
    ? 'Write a comment'
    : (fieldError?.message ?? `${body.length.toLocaleString('en')} / 5,000`);

  return (
    <Box
      component="form"
      aria-label={label}
      noValidate
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        if (body.trim() === '') {
          setEmpty(true);
          return;
        }
        setEmpty(false);
        send.mutate();
      }}
      sx={{ mt: 1 }}
    >
      <TextField
        label={label}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        multiline
        minRows={parent ? 2 : 3}
        fullWidth
        // Focus moves into a reply form the reader just opened.
        autoFocus={parent !== null}
        error={empty || fieldError !== undefined}
        helperText={helper}
        slotProps={{ htmlInput: { maxLength: blogLimits.comment.max } }}
      />
      {send.isError && !fieldError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          The comment was not posted. {errorSentence(send.error)}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={send.isPending}>
          {parent ? 'Post reply' : 'Post comment'}
        </Button>
        {onDone ? <Button onClick={onDone}>Cancel</Button> : null}
      </Stack>
    </Box>
  );
}

/** Delete, after asking; the comment then keeps its place as "Comment deleted". */
function DeleteComment({ comment, reader }: { comment: BlogComment; reader: Reader }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteComment(comment.id),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(reader.postId, reader.readerKey) });
    },
  });
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <SheetDialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Delete this comment?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Its text is removed for good. Replies to it stay, under “Comment deleted”.
          </DialogContentText>
          {remove.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(remove.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Delete
          </Button>
        </DialogActions>
      </SheetDialog>
    </>
  );
}

function ReportComment({ comment, onSent }: { comment: BlogComment; onSent: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Report
      </Button>
      <ReportDialog
        open={open}
        title={`Report the comment by ${displayNameOf(comment.author)}`}
        intro="Administrators read every report and remove comments that break the rules. The author is not told who reported."
        send={(report) => reportComment(comment.id, report)}
        onClose={() => setOpen(false)}
        onSent={() => {
          setOpen(false);
          onSent();
        }}
      />
    </>
  );
}

/** One comment with its replies beneath it, indented up to `maxIndentDepth`. */
function CommentItem({ node, depth, reader }: { node: CommentNode; depth: number; reader: Reader }) {
  const { comment } = node;
  const [replying, setReplying] = useState(false);
  const [reported, setReported] = useState(false);
  const name = displayNameOf(comment.author);
  const visible = comment.state === 'visible';
  const own = reader.readerKey !== undefined && comment.author.key === reader.readerKey;

  return (
    <Box component="li" id={`comment-${comment.id}`} sx={{ mt: 2, scrollMarginTop: 88 }}>
      <Box
        component="article"
        aria-label={visible ? `Comment by ${name}` : 'Comment not shown'}
        sx={{ display: 'flex', gap: 1.5 }}
      >
        {visible ? <ProfileAvatar name={name} photoURL={comment.author.photoURL} size={32} alt="" /> : null}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {visible ? (
            <>
              <Typography variant="body2">
                <Box component="span" sx={{ fontWeight: 600 }}>
                  <TextLink to={`/u/${encodeURIComponent(comment.author.handle)}`}>{name}</TextLink>
                </Box>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  · <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
                  {comment.editedAt ? ' · edited' : ''}
                </Box>
              </Typography>
              <LazyMarkdown source={comment.body} />
            </>
          ) : (
            <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {comment.state === 'removed' ? 'Removed by a moderator' : 'Comment deleted'}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {visible && reader.readerKey && !replying ? (
              <Button size="small" onClick={() => setReplying(true)}>
                Reply <VisuallyHidden>to {name}</VisuallyHidden>
              </Button>
            ) : null}
            {visible && comment.canDelete ? <DeleteComment comment={comment} reader={reader} /> : null}
            {visible && reader.readerKey && !own && !reported ? (
              <ReportComment comment={comment} onSent={() => setReported(true)} />
            ) : null}
            {reported ? (
              <Typography role="status" variant="body2" color="text.secondary">
                Thank you: the report was sent.
              </Typography>
            ) : null}
          </Stack>
          {replying ? (
            <CommentForm reader={reader} parent={comment} onDone={() => setReplying(false)} />
          ) : null}
        </Box>
      </Box>
      {node.replies.length > 0 ? (
        <Box
          component="ol"
          aria-label={`Replies to ${visible ? name : 'a removed comment'}`}
          sx={{
            listStyle: 'none',
            m: 0,
            // Deeper replies line up with the deepest indent, so a long exchange keeps its width.
            pl: depth < maxIndentDepth ? { xs: 1.5, sm: 3 } : 0,
            borderLeft: depth < maxIndentDepth ? 2 : 0,
            borderColor: 'divider',
          }}
        >
          {node.replies.map((reply) => (
            <CommentItem key={reply.comment.id} node={reply} depth={depth + 1} reader={reader} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** A post's comments: the thread, oldest first, a form for a new one, and replies under each comment. */
export function Comments({ postId, readerKey, back, count }: Reader & { count: number }) {
  const reader: Reader = { postId, readerKey, back };
  const query = useQuery(commentsQuery(postId, readerKey));
  const items = query.data?.items;
  const total = items?.length ?? count;

  return (
    <Box component="section" aria-labelledby="comments-title" sx={{ mt: 5 }}>
      <Typography id="comments-title" variant="h5" component="h2">
        Comments ({total.toLocaleString('en')})
      </Typography>
      {readerKey ? (
        <CommentForm reader={reader} parent={null} />
      ) : (
        <Typography sx={{ mt: 1 }}>
          <Button variant="outlined" component={RouterLink} to={loginPathFor(back)}>
            Sign in to comment
          </Button>
        </Typography>
      )}
      {query.isError ? (
        <QueryError
          error={query.error}
          lead="The comments could not be loaded."
          onRetry={() => void query.refetch()}
          sx={{ mt: 2 }}
        />
      ) : null}
      {items && items.length > 0 ? (
        <Box component="ol" aria-label="Comments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {commentTree(items).map((node) => (
            <CommentItem key={node.comment.id} node={node} depth={0} reader={reader} />
          ))}
        </Box>
      ) : items ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          No comments yet.
        </Typography>
      ) : null}
    </Box>
  );
}
