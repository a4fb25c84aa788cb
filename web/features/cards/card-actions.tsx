import { useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import EditIcon from '@mui/icons-material/Edit';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import DownloadIcon from '@mui/icons-material/Download';
import LinkIcon from '@mui/icons-material/Link';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Card } from '../../../contracts/cards.ts';
import { LikeButton } from '../../components/like-button.tsx';
import { ReportDialog } from '../../components/report-dialog.tsx';
import { StudyThisButton } from '../../components/study-this/study-this-button.tsx';
import { loginPathFor } from '../../lib/navigation.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { cardQueryKey, remixCard, reportCard, setLike } from './api.ts';

/** A message about the last action, shown under the buttons. */
type Status = { text: string; severity: 'success' | 'info' };

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Like / take back a like of the card (see LikeButton). */
function CardLikeButton({ card, readerKey }: { card: Card; readerKey: string }) {
  return (
    <LikeButton<Card>
      queryKey={cardQueryKey(card.id, readerKey)}
      liked={card.likedByMe}
      label="Like"
      send={(like) => setLike(card.id, like)}
      withLike={(item, liked, likes) => ({ ...item, likedByMe: liked, likes })}
    />
  );
}

/** Remix: a draft copy of this card, crediting it, opened in the builder. */
function RemixButton({ card }: { card: Card }) {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => remixCard(card.id),
    onSuccess: (draft) => void navigate(`/build?card=${encodeURIComponent(draft.cardId)}`),
  });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<CallSplitIcon />}
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending}
      >
        Remix
      </Button>
      {mutation.isError ? (
        <Alert severity="error" sx={{ width: '100%' }} onClose={() => mutation.reset()}>
          The remix could not be started. {errorSentence(mutation.error)}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * Copies the card's address. Where the clipboard is not available (an old browser, a page not allowed to
 * write to it), the address appears in a field, selected, to copy by hand.
 */
function ShareButton({ card, onStatus }: { card: Card; onStatus: (status: Status) => void }) {
  const [fallback, setFallback] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const url = `${window.location.origin}/cards/${card.id}`;

  const share = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setFallback(false);
      onStatus({ text: 'Link copied to the clipboard.', severity: 'success' });
    } catch {
      setFallback(true);
      onStatus({
        text: 'The link could not be copied automatically: copy it from the field.',
        severity: 'info',
      });
      // After the field has rendered.
      window.setTimeout(() => fieldRef.current?.select(), 0);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => void share()}>
        Copy link
      </Button>
      {fallback ? (
        <TextField
          label="Link to this card"
          value={url}
          size="small"
          fullWidth
          inputRef={fieldRef}
          slotProps={{ htmlInput: { readOnly: true, onFocus: () => fieldRef.current?.select() } }}
        />
      ) : null}
    </>
  );
}

/** "More actions": report the card to the administrators. */
function MoreMenu({ card, onStatus }: { card: Card; onStatus: (status: Status) => void }) {
  const [open, setOpen] = useState<'menu' | 'report' | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        aria-label="More actions for this card"
        aria-haspopup="menu"
        aria-controls={open === 'menu' ? menuId : undefined}
        aria-expanded={open === 'menu'}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpen('menu');
        }}
      >
        <MoreHorizIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={open === 'menu'} onClose={() => setOpen(null)}>
        <MenuItem onClick={() => setOpen('report')}>Report this card…</MenuItem>
      </Menu>
      <ReportDialog
        open={open === 'report'}
        title="Report this card"
        intro="Reports go to the administrators, who review them. The author is not told who reported the card."
        send={(report) => reportCard(card.id, report)}
        onClose={() => setOpen(null)}
        onSent={() => {
          setOpen(null);
          onStatus({
            text: 'Thank you. Your report about this card was sent to the administrators.',
            severity: 'success',
          });
        }}
      />
    </>
  );
}

/**
 * The card's counters and what the reader can do with it: like (or sign in to like), study it, remix, copy the
 * link, report; and for its author, edit.
 */
export function CardActions({ card, readerKey }: { card: Card; readerKey: string | undefined }) {
  const [status, setStatus] = useState<Status | null>(null);
  const published = card.status === 'published';
  const canLike = readerKey !== undefined && !card.isOwner && published;
  // A private card has nobody else to send it to; a draft has no page for anyone else yet.
  const canShare = published && card.visibility !== 'private';
  const canRemix = readerKey !== undefined && published && !(card.isOwner && card.visibility === 'private');

  return (
    <Box sx={{ my: 2 }}>
      <Typography component="p" color="text.secondary" sx={{ mb: 1.5 }} data-testid="card-counters">
        {count(card.likes, 'like', 'likes')} · {count(card.remixes, 'remix', 'remixes')} ·{' '}
        {count(card.views, 'view', 'views')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {card.isOwner ? (
          <Button
            variant="contained"
            startIcon={<EditIcon />}
            component={RouterLink}
            to={`/build?card=${encodeURIComponent(card.id)}`}
          >
            Edit
          </Button>
        ) : null}
        {canLike ? <CardLikeButton card={card} readerKey={readerKey} /> : null}
        {readerKey === undefined && published ? (
          <Button
            variant="outlined"
            startIcon={<FavoriteBorderIcon />}
            component={RouterLink}
            to={loginPathFor(`/cards/${card.id}`)}
          >
            Sign in to like
          </Button>
        ) : null}
        {readerKey !== undefined && published ? (
          <StudyThisButton cardId={card.id} cardTitle={card.title} />
        ) : null}
        {canRemix ? <RemixButton card={card} /> : null}
        {canShare ? <ShareButton card={card} onStatus={setStatus} /> : null}
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={`/api/cards/${card.id}/export`}
          download
        >
          Download Markdown
        </Button>
        {readerKey !== undefined && !card.isOwner ? <MoreMenu card={card} onStatus={setStatus} /> : null}
      </Stack>
      {/* Always in the page, so screen readers announce what changed. */}
      <Box role="status" aria-live="polite" sx={{ mt: status ? 1.5 : 0 }}>
        {status ? (
          <Alert severity={status.severity} onClose={() => setStatus(null)}>
            {status.text}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}
