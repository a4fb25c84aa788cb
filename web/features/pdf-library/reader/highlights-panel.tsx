import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BorderColorOutlinedIcon from '@mui/icons-material/BorderColorOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { HighlightColor, PdfHighlight, PdfHighlightUpdate } from '../../../../contracts/pdfs.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { pdfDetailQuery } from '../../../lib/pdfs-api.ts';
import { ColorChoice } from './color-choice.tsx';
import { inReadingOrder } from './detail-cache.ts';
import { highlightColorStyles } from './highlight-colors.ts';
import { MakeCardDialog } from './make-card-dialog.tsx';
import { useHighlightActions } from './use-highlight-actions.ts';
import { useMakeCard } from './use-make-card.ts';

type Actions = ReturnType<typeof useHighlightActions>;
type MakeCard = ReturnType<typeof useMakeCard>;

interface HighlightsPanelProps {
  owner: string | null;
  documentId: string;
  /** The highlight last jumped to, marked in the list. */
  selectedId: string | null;
  onJump: (highlight: PdfHighlight) => void;
}

/**
 * The region "Highlights": every highlight of the PDF in reading order with its colour, quote, note and page.
 * Choosing one jumps to it; each can be recoloured, annotated, deleted, or made into a card.
 */
export function HighlightsPanel({ owner, documentId, selectedId, onJump }: HighlightsPanelProps) {
  const headingId = useId();
  const { data } = useQuery(pdfDetailQuery(owner, documentId));
  const actions = useHighlightActions(owner, documentId);
  const makeCard = useMakeCard(owner, documentId);
  const highlights = useMemo(() => inReadingOrder(data?.highlights ?? []), [data?.highlights]);
  const made = makeCard.made;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Highlights
        {highlights.length > 0 ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {highlights.length}
          </Typography>
        ) : null}
      </Typography>
      {makeCard.error ? (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
          The card could not be made. {errorSentence(makeCard.error)}
        </Alert>
      ) : null}
      {made ? (
        <Alert severity="success" sx={{ mb: 1.5 }}>
          {made.status === 'draft' ? 'Draft card made: ' : 'Card made: '}
          <TextLink to={`/cards/${made.id}`}>{made.title}</TextLink>
        </Alert>
      ) : null}
      {highlights.length === 0 ? (
        <EmptyState icon={<BorderColorOutlinedIcon />}>
          No highlights yet. Select text on a page, then choose a colour.
        </EmptyState>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {highlights.map((highlight) => (
            <HighlightItem
              key={highlight.id}
              highlight={highlight}
              selected={highlight.id === selectedId}
              onJump={onJump}
              actions={actions}
              makeCard={makeCard}
            />
          ))}
        </Box>
      )}
      {makeCard.choice ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Make card {makeCard.choice === 'draft' ? 'keeps new cards as drafts' : 'publishes new cards'}.{' '}
          <Button size="small" onClick={makeCard.change} sx={{ verticalAlign: 'baseline' }}>
            Change
          </Button>
        </Typography>
      ) : null}
      <MakeCardDialog
        open={makeCard.question !== null}
        forCard={makeCard.question?.highlight != null}
        current={makeCard.choice}
        busy={makeCard.choosing}
        error={makeCard.chooseError}
        onAnswer={(as) => void makeCard.answer(as)}
        onClose={makeCard.dismiss}
      />
    </Box>
  );
}

interface HighlightItemProps {
  highlight: PdfHighlight;
  selected: boolean;
  onJump: (highlight: PdfHighlight) => void;
  actions: Actions;
  makeCard: MakeCard;
}

function HighlightItem({ highlight, selected, onJump, actions, makeCard }: HighlightItemProps) {
  const quoteId = useId();
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const { update, remove } = actions;
  const updateError = update.variables?.id === highlight.id ? update.error : null;
  const removeError = remove.variables === highlight.id ? remove.error : null;
  const making = makeCard.busyWith === highlight.id || makeCard.busyWith === 'looking-up';
  const style = highlightColorStyles[highlight.color];

  return (
    <Box
      component="li"
      aria-labelledby={quoteId}
      aria-current={selected ? 'true' : undefined}
      sx={{
        borderLeft: 4,
        borderLeftColor: style.swatch,
        borderRadius: 1,
        // The chosen highlight is outlined, not shaded: a shade would take its links below readable contrast.
        bgcolor: 'background.paper',
        outline: selected ? 2 : 1,
        outlineColor: selected ? 'primary.main' : 'divider',
        px: 1.5,
        py: 1,
      }}
    >
      <ButtonBase
        onClick={() => onJump(highlight)}
        sx={{ display: 'block', width: '100%', textAlign: 'left', borderRadius: 0.5 }}
      >
        <Typography
          id={quoteId}
          variant="body2"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: selected ? 12 : 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          “{highlight.quote}”
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Page {highlight.page} · {style.label}
        </Typography>
      </ButtonBase>
      {highlight.note && mode !== 'edit' ? (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {highlight.note}
        </Typography>
      ) : null}

      {mode === 'edit' ? (
        <HighlightEditor
          highlight={highlight}
          busy={update.isPending}
          error={updateError}
          onCancel={() => {
            update.reset();
            setMode('view');
          }}
          onSave={(change) =>
            update.mutate({ id: highlight.id, change }, { onSuccess: () => setMode('view') })
          }
        />
      ) : mode === 'delete' ? (
        <Box role="group" aria-label="Delete this highlight?" sx={{ mt: 1 }}>
          <Typography variant="body2">
            Delete this highlight?
            {highlight.card ? ' Its card stays, with its text and citation.' : null}
          </Typography>
          {removeError ? (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {errorSentence(removeError)}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            <Button
              size="small"
              color="error"
              variant="contained"
              disabled={remove.isPending}
              onClick={() => remove.mutate(highlight.id)}
            >
              Delete
            </Button>
            <Button
              size="small"
              onClick={() => {
                remove.reset();
                setMode('view');
              }}
            >
              Keep
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {highlight.card ? (
            <Button size="small" component={RouterLink} to={`/cards/${highlight.card.id}`}>
              Open card
            </Button>
          ) : (
            <Button size="small" disabled={making} onClick={() => void makeCard.request(highlight)}>
              {makeCard.busyWith === highlight.id ? 'Making card…' : 'Make card'}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <IconButton size="small" aria-label="Edit highlight" title="Edit" onClick={() => setMode('edit')}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label="Delete highlight"
            title="Delete"
            onClick={() => setMode('delete')}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

interface HighlightEditorProps {
  highlight: PdfHighlight;
  busy: boolean;
  error: unknown;
  onSave: (change: PdfHighlightUpdate) => void;
  onCancel: () => void;
}

/** A highlight's colour and note, changed in place. */
function HighlightEditor({ highlight, busy, error, onSave, onCancel }: HighlightEditorProps) {
  const [color, setColor] = useState<HighlightColor>(highlight.color);
  const [note, setNote] = useState(highlight.note ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ color, note: note.trim() === '' ? null : note.trim() });
  };
  return (
    <Box
      component="form"
      aria-label="Edit highlight"
      onSubmit={submit}
      sx={{ mt: 1, display: 'grid', gap: 1 }}
    >
      <ColorChoice name={`color-${highlight.id}`} value={color} onChange={setColor} />
      <TextField
        label="Note"
        size="small"
        multiline
        minRows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      {error ? (
        <Alert severity="error" role="alert">
          {errorSentence(error)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" size="small" variant="contained" disabled={busy}>
          Save
        </Button>
        <Button size="small" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
