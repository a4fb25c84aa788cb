import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { ReadingList, ReadingListInput } from '../../../../contracts/research.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { papersQuery, useResearchViewer } from '../../../lib/research-api.ts';
import { useDebouncedValue } from '../../../lib/url-params.ts';
import { problemsOf, type FormProblems } from './field-errors.ts';
import { authorLine } from './paper-item.tsx';
import { draftOf, inputOf, moveItem, slugFromTitle, type ReadingListDraft } from './reading-list-draft.ts';

const fieldNames = ['slug', 'title', 'description', 'items'] as const;

/**
 * An editor's reading list: title, description, and the papers in order, each with a note on why to read it.
 * Papers are found by searching the topic's papers; Up and Down buttons reorder them, and keep the focus on
 * the paper moved so the keyboard can go on moving it.
 */
export function ReadingListEditor({
  open,
  topicSlug,
  list,
  onClose,
  onSave,
}: {
  open: boolean;
  topicSlug: string;
  /** The list to change; a new list when absent. */
  list?: ReadingList | undefined;
  onClose: () => void;
  onSave: (input: ReadingListInput) => Promise<unknown>;
}) {
  const id = useId();
  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="md">
      <DialogTitle id={`${id}-title`}>{list ? `Edit “${list.title}”` : 'New reading list'}</DialogTitle>
      {open ? (
        <ListForm topicSlug={topicSlug} list={list} onClose={onClose} onSave={onSave} formId={`${id}-form`} />
      ) : null}
    </SheetDialog>
  );
}

function ListForm({
  topicSlug,
  list,
  onClose,
  onSave,
  formId,
}: {
  topicSlug: string;
  list: ReadingList | undefined;
  onClose: () => void;
  onSave: (input: ReadingListInput) => Promise<unknown>;
  formId: string;
}) {
  const [draft, setDraft] = useState<ReadingListDraft>(() => draftOf(list));
  const [problems, setProblems] = useState<FormProblems>({ fields: {}, form: null });
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<ReadingListDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblems({ fields: {}, form: null });
    try {
      await onSave(inputOf(draft));
    } catch (error) {
      setProblems(problemsOf(error, fieldNames));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Stack
          component="form"
          id={formId}
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <TextField
            label="Title"
            value={draft.title}
            onChange={(event) => change({ title: event.target.value })}
            required
            error={problems.fields.title !== undefined}
            helperText={problems.fields.title}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          {list ? null : (
            <TextField
              label="Address"
              value={draft.slug || slugFromTitle(draft.title)}
              onChange={(event) => change({ slug: event.target.value })}
              error={problems.fields.slug !== undefined}
              helperText={problems.fields.slug ?? 'Lowercase letters, digits and hyphens; follows the title.'}
              slotProps={{ htmlInput: { maxLength: 80, spellCheck: false, autoCapitalize: 'none' } }}
            />
          )}
          <TextField
            label="Description"
            value={draft.description}
            onChange={(event) => change({ description: event.target.value })}
            multiline
            minRows={2}
            error={problems.fields.description !== undefined}
            helperText={problems.fields.description}
            slotProps={{ htmlInput: { maxLength: 2_000 } }}
          />
          <ListItems draft={draft} onChange={(items) => change({ items })} problem={problems.fields.items} />
          <PaperPicker
            topicSlug={topicSlug}
            chosen={new Set(draft.items.map((item) => item.paper.id))}
            onAdd={(paper) => change({ items: [...draft.items, { paper, note: '' }] })}
          />
          {problems.form ? <Alert severity="error">{problems.form}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy}>
          Save the list
        </Button>
      </DialogActions>
    </>
  );
}

/** The papers in order with their notes, and buttons to move or remove each. */
function ListItems({
  draft,
  onChange,
  problem,
}: {
  draft: ReadingListDraft;
  onChange: (items: ReadingListDraft['items']) => void;
  problem: string | undefined;
}) {
  const headingId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  // After a move, the focus follows the paper moved (to its other button when it reached an end). A ref, not
  // state: the effect only acts on the render the move caused, and a second run finds nothing to do.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (pendingFocus.current === null) return;
    buttons.current.get(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const items = draft.items;
  const move = (index: number, by: -1 | 1) => {
    const paperId = items[index]?.paper.id ?? '';
    const target = index + by;
    const atEnd = target === 0 || target === items.length - 1;
    onChange(moveItem(items, index, by));
    pendingFocus.current = `${paperId}:${atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`;
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Papers in this list
      </Typography>
      {problem ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {problem}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No paper yet: find the topic’s papers below and add them in the order to read them.
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-labelledby={headingId}
          sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
        >
          {items.map((item, index) => (
            <Box
              component="li"
              key={item.paper.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 }}>
                  {index + 1}. {item.paper.title}
                </Typography>
                <IconButton
                  ref={(node) => {
                    buttons.current.set(`${item.paper.id}:up`, node);
                  }}
                  aria-label={`Move “${item.paper.title}” up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  ref={(node) => {
                    buttons.current.set(`${item.paper.id}:down`, node);
                  }}
                  aria-label={`Move “${item.paper.title}” down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton
                  aria-label={`Remove “${item.paper.title}”`}
                  onClick={() => onChange(items.filter((_, at) => at !== index))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
              <TextField
                label={`Why read “${item.paper.title}”`}
                value={item.note}
                onChange={(event) =>
                  onChange(
                    items.map((entry, at) => (at === index ? { ...entry, note: event.target.value } : entry)),
                  )
                }
                size="small"
                fullWidth
                multiline
                sx={{ mt: 1 }}
                slotProps={{ htmlInput: { maxLength: 1_000 } }}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A search over the topic's papers, each with an Add button. */
function PaperPicker({
  topicSlug,
  chosen,
  onAdd,
}: {
  topicSlug: string;
  chosen: ReadonlySet<string>;
  onAdd: (paper: ReadingListDraft['items'][number]['paper']) => void;
}) {
  const headingId = useId();
  const viewer = useResearchViewer();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const found = useQuery(papersQuery(viewer, { q, topic: topicSlug, limit: 10 }));
  const offered = (found.data?.items ?? []).filter((paper) => !chosen.has(paper.id));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Add papers
      </Typography>
      <TextField
        type="search"
        size="small"
        fullWidth
        label="Search the topic’s papers"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {found.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorSentence(found.error)}
        </Alert>
      ) : found.isPending ? null : offered.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No other paper of this topic matches.
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={{ p: 0, m: 0, mt: 1, listStyle: 'none' }}>
          {offered.map((paper) => (
            <Box
              component="li"
              key={paper.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{paper.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {authorLine(paper.authors)}
                  {paper.year ? `, ${paper.year}` : ''}
                </Typography>
              </Box>
              <Button size="small" aria-label={`Add “${paper.title}”`} onClick={() => onAdd(paper)}>
                Add
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
