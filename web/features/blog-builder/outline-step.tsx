import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { BuilderOutline, BuilderSource } from '../../../contracts/blog-builder.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { moveSection, outlineProblem, updateSection } from './outline-edit.ts';

const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** One section: its heading, the cards it draws on (removable, and more to add), and its buttons. */
function SectionEditor({
  outline,
  index,
  sources,
  onChange,
}: {
  outline: BuilderOutline;
  index: number;
  sources: readonly BuilderSource[];
  onChange: (next: BuilderOutline) => void;
}) {
  const section = outline.sections[index];
  if (!section) return null;
  const n = index + 1;
  const titleOf = (id: string) =>
    sources.find((source) => source.id === id)?.title ?? 'A card no longer chosen';
  const more = sources.filter((source) => !section.cardIds.includes(source.id));
  return (
    <Box
      component="li"
      aria-label={`Section ${n}`}
      sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          label={`Heading of section ${n}`}
          value={section.heading}
          onChange={(event) =>
            onChange(updateSection(outline, index, (s) => ({ ...s, heading: event.target.value })))
          }
          slotProps={{ htmlInput: { maxLength: 160 } }}
          sx={{ flex: '1 1 16rem', minWidth: 0 }}
        />
        <Box sx={{ display: 'flex' }}>
          <IconButton
            aria-label={`Move section ${n} up`}
            disabled={index === 0}
            onClick={() => onChange(moveSection(outline, index, -1))}
          >
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton
            aria-label={`Move section ${n} down`}
            disabled={index === outline.sections.length - 1}
            onClick={() => onChange(moveSection(outline, index, 1))}
          >
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton
            aria-label={`Remove section ${n}`}
            disabled={outline.sections.length === 1}
            onClick={() =>
              onChange({ ...outline, sections: outline.sections.filter((_, at) => at !== index) })
            }
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      </Box>
      <Box
        component="ul"
        aria-label={`Cards of section ${n}`}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        {section.cardIds.length === 0 ? (
          <Typography component="li" variant="body2" color="text.secondary">
            No cards yet.
          </Typography>
        ) : (
          section.cardIds.map((id) => (
            <li key={id}>
              <Chip
                label={titleOf(id)}
                onDelete={() =>
                  onChange(
                    updateSection(outline, index, (s) => ({
                      ...s,
                      cardIds: s.cardIds.filter((cardId) => cardId !== id),
                    })),
                  )
                }
                // The chip itself takes Delete and Backspace; the icon's title names it for the pointer.
                deleteIcon={<CancelIcon titleAccess={`Remove ${titleOf(id)} from section ${n}`} />}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))
        )}
      </Box>
      {more.length > 0 ? (
        <TextField
          select
          label={`Add a card to section ${n}`}
          value=""
          onChange={(event) => {
            const id = event.target.value;
            if (id) onChange(updateSection(outline, index, (s) => ({ ...s, cardIds: [...s.cardIds, id] })));
          }}
          slotProps={selectProps}
          // A native select is as wide as its longest option; the field's width bounds it on a phone.
          fullWidth
        >
          <option value="">Choose a card…</option>
          {more.map((source) => (
            <option key={source.id} value={source.id}>
              {source.title}
            </option>
          ))}
        </TextField>
      ) : null}
    </Box>
  );
}

/** Step 2: the outline as an editable list (title, sections with their cards, order), saved by hand. */
export function OutlineEditor({
  outline,
  sources,
  onSave,
}: {
  outline: BuilderOutline;
  sources: readonly BuilderSource[];
  onSave: (outline: BuilderOutline) => Promise<void>;
}) {
  const [edited, setEdited] = useState(outline);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const problem = outlineProblem(edited);
  const change = (next: BuilderOutline) => {
    setEdited(next);
    setSaved(false);
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave(edited);
      setSaved(true);
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label="Title of the post"
        value={edited.title}
        onChange={(event) => change({ ...edited, title: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 160 } }}
      />
      <Box
        component="ol"
        aria-label="Sections"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {edited.sections.map((section, index) => (
          <SectionEditor
            // Headings change as they are typed; the place is the section's identity while editing.
            key={index}
            outline={edited}
            index={index}
            sources={sources}
            onChange={change}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="outlined"
          disabled={edited.sections.length >= 20}
          onClick={() => change({ ...edited, sections: [...edited.sections, { heading: '', cardIds: [] }] })}
        >
          Add section
        </Button>
        <Button variant="contained" disabled={saving || problem !== null} onClick={() => void save()}>
          {saving ? 'Saving…' : 'Save outline'}
        </Button>
        <Typography role="status" variant="body2" color="text.secondary">
          {problem ?? (saved ? 'Outline saved.' : '')}
        </Typography>
      </Box>
      {failure ? <Alert severity="error">{errorSentence(failure)}</Alert> : null}
    </Box>
  );
}
