import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/CloseOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import { highlightColors, type HighlightColor } from '../../../../contracts/pdfs.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { Swatch } from './color-choice.tsx';
import { highlightColorStyles } from './highlight-colors.ts';
import type { SelectionReading } from './selection.ts';
import type { ToolbarPlace } from './use-passage-selection.ts';

interface SelectionToolbarProps {
  reading: SelectionReading;
  place: ToolbarPlace | null;
  busy: boolean;
  error: unknown;
  /** Makes the highlight in `color`, with a note when one was written. */
  onHighlight: (color: HighlightColor, note: string | null) => void;
  /** The note field opened or closed: the selection must be held while the focus is in it. */
  onNoteOpen: (open: boolean) => void;
  onDismiss: () => void;
}

/**
 * The toolbar "Highlight" beside selected text: a colour makes the highlight at once; "Add a note" first opens
 * a note, then a colour and Save make it. Pressing a button must not end the selection, so the toolbar keeps
 * the mouse from taking focus (keyboard focus still moves through it).
 */
export function SelectionToolbar({
  reading,
  place,
  busy,
  error,
  onHighlight,
  onNoteOpen,
  onDismiss,
}: SelectionToolbarProps) {
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const [color, setColor] = useState<HighlightColor>('yellow');
  if (reading.kind === 'none' || !place) return null;

  const openNote = (open: boolean) => {
    setNoteOpen(open);
    onNoteOpen(open);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    onHighlight(color, note.trim() === '' ? null : note.trim());
  };

  return (
    <Paper
      role="toolbar"
      aria-label="Highlight"
      elevation={6}
      onMouseDown={(event) => {
        // Keeps the selection: a click in the toolbar would otherwise clear it (fields still take focus).
        if (!(event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement))
          event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
      sx={{
        position: 'absolute',
        zIndex: 5,
        top: place.top,
        left: place.centre,
        transform: 'translateX(-50%)',
        p: 0.5,
        maxWidth: 'calc(100% - 16px)',
        width: noteOpen ? 300 : 'auto',
      }}
    >
      {reading.kind === 'several-pages' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }}>
          <Typography variant="body2">Select text on one page to highlight it.</Typography>
          <IconButton size="small" aria-label="Close" onClick={onDismiss}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : (
        <Box component={noteOpen ? 'form' : 'div'} onSubmit={noteOpen ? save : undefined}>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
            {highlightColors.map((option) => (
              <IconButton
                key={option}
                aria-label={highlightColorStyles[option].label}
                title={`Highlight in ${highlightColorStyles[option].label.toLowerCase()}`}
                aria-pressed={noteOpen ? color === option : undefined}
                disabled={busy}
                onClick={() => (noteOpen ? setColor(option) : onHighlight(option, null))}
              >
                <Swatch color={option} chosen={noteOpen && color === option} />
              </IconButton>
            ))}
            {noteOpen ? null : (
              <IconButton
                aria-label="Add a note"
                title="Highlight with a note"
                onClick={() => openNote(true)}
              >
                <NoteAddOutlinedIcon />
              </IconButton>
            )}
          </Box>
          {noteOpen ? (
            <Box sx={{ display: 'grid', gap: 1, p: 1 }}>
              <TextField
                label="Note"
                size="small"
                multiline
                minRows={2}
                autoFocus
                value={note}
                onChange={(event) => setNote(event.target.value)}
                slotProps={{ htmlInput: { maxLength: 5000 } }}
              />
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button type="submit" size="small" variant="contained" disabled={busy}>
                  Save highlight
                </Button>
                <Button size="small" onClick={() => openNote(false)} disabled={busy}>
                  Cancel
                </Button>
              </Box>
            </Box>
          ) : null}
          {error ? (
            <Alert severity="error" role="alert" sx={{ m: 0.5 }}>
              {errorSentence(error)}
            </Alert>
          ) : null}
        </Box>
      )}
    </Paper>
  );
}
