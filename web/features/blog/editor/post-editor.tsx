import { useCallback, useState } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import PublishIcon from '@mui/icons-material/Publish';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { blogLimits, type EditablePost, type PostContent } from '../../../../contracts/blog.ts';
import { slugify } from '../../../../contracts/blog-text.ts';
import type { FieldError } from '../../../../contracts/errors.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { BodyField } from './body-field.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { fieldErrorsOf, type FieldErrors } from './field-errors.ts';
import { HistoryDialog } from './history-dialog.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { ActionProblem, DeleteDialog, usePostActions } from './post-actions.tsx';
import { formatDateTime, livePath, statusColor, statusLabel } from './post-labels.ts';
import { PostSettings } from './post-settings.tsx';
import { PublishDialog } from './publish-dialog.tsx';
import { SaveStatus } from './save-status.tsx';
import { usePostSession } from './use-post-session.ts';

type OpenDialog = 'publish' | 'history' | 'delete' | 'settings' | null;

/** The offer to bring back text this browser kept from an earlier visit that the server never got. */
function RestoreOffer({
  writtenAt,
  onRestore,
  onDiscard,
}: {
  writtenAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert
      severity="warning"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={onRestore}>
            Restore
          </Button>
          <Button color="inherit" size="small" onClick={onDiscard}>
            Discard
          </Button>
        </Stack>
      }
      sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { pl: 0, ml: 'auto' } }}
    >
      This browser kept changes from {formatDateTime(new Date(writtenAt).toISOString())} that were never
      saved. Restore them?
    </Alert>
  );
}

/**
 * The editor of one post, content first: the title and the text with its preview, the details in a side
 * panel (a sheet on a phone), and the autosave, publishing, history and delete around them.
 */
export function PostEditor({ post, ownerKey }: { post: EditablePost; ownerKey: string }) {
  const [session, snapshot] = usePostSession(post, ownerKey);
  const { content, meta } = snapshot;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const actions = usePostActions(session);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));

  const change = useCallback(
    (changes: Partial<PostContent>) => {
      // A field the person changes is no longer what the server refused.
      setErrors((current) => {
        const keys = Object.keys(changes).filter((key) => key in current);
        if (keys.length === 0) return current;
        const next = { ...current };
        for (const key of keys) delete next[key as keyof PostContent];
        return next;
      });
      session.patch(changes);
    },
    [session],
  );
  const changeBody = useCallback((body: string) => change({ body }), [change]);

  const changeTitle = (title: string) => {
    // The address follows the title until the person writes their own or the post has been live.
    const follows =
      meta.liveSlug === null && (content.slug === '' || content.slug === slugify(content.title));
    change(follows ? { title, slug: slugify(title) } : { title });
  };

  const showFieldErrors = useCallback((fields: readonly FieldError[]) => {
    setErrors(fieldErrorsOf(fields));
  }, []);

  const settings = <PostSettings content={content} errors={errors} onChange={change} />;
  const titleLength = content.title.length;

  return (
    <Box component="section" aria-labelledby="section-title" sx={{ minWidth: 0 }}>
      <PageHeader
        title="Edit post"
        documentTitle={`Edit: ${content.title || 'Untitled post'}`}
        guideAnchor="blog"
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<PublishIcon />} onClick={() => setDialog('publish')}>
              {meta.status === 'published' ? 'Publish changes' : 'Publish'}
            </Button>
            {meta.status === 'published' ? (
              <Button disabled={actions.busy} onClick={() => void actions.unpublish('unpublish')}>
                Unpublish
              </Button>
            ) : null}
            {meta.status === 'scheduled' ? (
              <Button disabled={actions.busy} onClick={() => void actions.unpublish('cancel')}>
                Cancel schedule
              </Button>
            ) : null}
            <Button startIcon={<HistoryIcon />} onClick={() => setDialog('history')}>
              History
            </Button>
            <Button color="error" onClick={() => setDialog('delete')}>
              Delete
            </Button>
          </Stack>
        }
      />

      <Stack spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip
            size="small"
            variant="outlined"
            color={statusColor(meta.status)}
            label={statusLabel(meta.status, meta.scheduledFor)}
          />
          {meta.status !== 'draft' && meta.hasUnpublishedChanges ? (
            <Chip size="small" variant="outlined" label="Unpublished changes" />
          ) : null}
          <SaveStatus snapshot={snapshot} />
          <TextLink to="/blog/write">My posts</TextLink>
        </Box>
        {snapshot.restoreOffer ? (
          <RestoreOffer
            writtenAt={snapshot.restoreOffer.writtenAt}
            onRestore={() => session.acceptRestore()}
            onDiscard={() => session.declineRestore()}
          />
        ) : null}
        {meta.status === 'published' && meta.liveSlug ? (
          <Typography>
            Live at <TextLink to={livePath(meta.liveSlug)}>{livePath(meta.liveSlug)}</TextLink>
          </Typography>
        ) : null}
        {notice ? (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {notice}
            {meta.status === 'published' && meta.liveSlug ? (
              <>
                {' '}
                <TextLink to={livePath(meta.liveSlug)}>Read the post</TextLink>
              </>
            ) : null}
          </Alert>
        ) : null}
        <ActionProblem problem={actions.problem} onClose={actions.clearProblem} />
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <TextField
            label="Title"
            value={content.title}
            onChange={(event) => changeTitle(event.target.value)}
            error={Boolean(errors.title) || titleLength > blogLimits.title.max}
            helperText={errors.title ?? `${titleLength} / ${blogLimits.title.max}`}
            fullWidth
            slotProps={{ htmlInput: { sx: { typography: 'h5', py: 1.5 } } }}
          />
          <BodyField
            key={snapshot.contentVersion}
            initialValue={content.body}
            body={content.body}
            onChange={changeBody}
            error={errors.body}
          />
          {!wide ? (
            <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setDialog('settings')}>
              Post details
            </Button>
          ) : null}
        </Stack>
        {wide ? (
          <Box component="aside" aria-label="Post details" sx={{ minWidth: 0 }}>
            {settings}
          </Box>
        ) : null}
      </Box>

      {!wide ? (
        <SheetDialog
          open={dialog === 'settings'}
          onClose={() => setDialog(null)}
          aria-labelledby="post-details-title"
        >
          <DialogTitle id="post-details-title">Post details</DialogTitle>
          <DialogContent>
            <Box sx={{ pt: 1 }}>{settings}</Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>Done</Button>
          </DialogActions>
        </SheetDialog>
      ) : null}

      <PublishDialog
        // A fresh form each time it opens.
        key={dialog === 'publish' ? 'open' : 'closed'}
        session={session}
        open={dialog === 'publish'}
        onClose={() => setDialog(null)}
        onFieldErrors={showFieldErrors}
        onPublished={(at) =>
          setNotice(at ? `The post is scheduled for ${formatDateTime(at)}.` : 'The post is published.')
        }
      />
      <HistoryDialog
        postId={meta.id}
        open={dialog === 'history'}
        current={content}
        onClose={() => setDialog(null)}
        onRestore={(restored, number) => {
          session.replace(restored);
          setDialog(null);
          setNotice(`Revision ${number} is back in the editor; it is saved as a new revision.`);
        }}
      />
      <DeleteDialog
        open={dialog === 'delete'}
        title={content.title}
        busy={actions.busy}
        onCancel={() => setDialog(null)}
        onConfirm={() => void actions.remove()}
      />
      <ConflictDialog session={session} content={content} open={snapshot.status === 'conflict'} />
      <LeaveGuard session={session} dirty={snapshot.dirty} />
    </Box>
  );
}
