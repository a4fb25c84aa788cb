import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pdfCollectionInputSchema, pdfRules, type PdfCollection } from '../../../../contracts/pdfs.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { useCreateCollection, useDeleteCollection, useRenameCollection } from './api.ts';
import { countOf } from './format.ts';

/** A name the contract accepts, or the sentence saying why not. */
function checkName(name: string): { name: string } | { problem: string } {
  const parsed = pdfCollectionInputSchema.safeParse({ name });
  if (parsed.success) return { name: parsed.data.name };
  return { problem: parsed.error.issues[0]?.message ?? 'That name cannot be used' };
}

/** The server's word on a name it refused: the field's message when it named the field, else the sentence. */
function nameProblem(error: unknown): string {
  if (error instanceof ApiError) return error.fieldMessage('name') ?? errorSentence(error);
  return errorSentence(error);
}

/**
 * The person's collections in a dialog: make one, rename one, delete one (its PDFs stay in the library). PDFs
 * go into collections from their edit dialog.
 */
export function CollectionsDialog({
  open,
  collections,
  onClose,
}: {
  open: boolean;
  collections: readonly PdfCollection[];
  onClose: () => void;
}) {
  return (
    <SheetDialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle>Collections</DialogTitle>
      <DialogContent dividers>
        {open ? <NewCollection full={collections.length >= pdfRules.maxCollections} /> : null}
        {collections.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            No collections yet. A collection groups PDFs, say for one project or course, and exports as one
            bibliography.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Your collections" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
            {collections.map((collection) => (
              <CollectionRow key={collection.id} collection={collection} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </SheetDialog>
  );
}

function NewCollection({ full }: { full: boolean }) {
  const create = useCreateCollection();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkName(name);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    create.mutate(checked.name, {
      onSuccess: () => setName(''),
      onError: (error) => setProblem(nameProblem(error)),
    });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        label="New collection"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(problem)}
        helperText={
          problem ?? (full ? `You have the most collections one can keep (${pdfRules.maxCollections}).` : ' ')
        }
        slotProps={{ htmlInput: { maxLength: 100 } }}
        size="small"
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" disabled={create.isPending || full} sx={{ minHeight: 40 }}>
        Add
      </Button>
    </Box>
  );
}

function CollectionRow({ collection }: { collection: PdfCollection }) {
  const rename = useRenameCollection();
  const remove = useDeleteCollection();
  const fieldId = useId();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(collection.name);
  const [problem, setProblem] = useState<string | null>(null);

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkName(name);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    if (checked.name === collection.name) {
      setMode('view');
      return;
    }
    setProblem(null);
    rename.mutate(
      { id: collection.id, name: checked.name },
      { onSuccess: () => setMode('view'), onError: (error) => setProblem(nameProblem(error)) },
    );
  };

  const confirmDelete = () => {
    setProblem(null);
    remove.mutate(collection.id, {
      onError: (error) => setProblem(`It was not deleted. ${errorSentence(error)}`),
    });
  };

  return (
    <Box component="li" aria-label={collection.name} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      {mode === 'rename' ? (
        <Box
          component="form"
          noValidate
          onSubmit={submitRename}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            id={fieldId}
            label={`New name for ${collection.name}`}
            value={name}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            size="small"
            sx={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" variant="contained" disabled={rename.isPending} sx={{ minHeight: 40 }}>
            Save
          </Button>
          <Button
            onClick={() => {
              setMode('view');
              setName(collection.name);
              setProblem(null);
            }}
            sx={{ minHeight: 40 }}
          >
            Cancel
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ flex: '1 1 10rem', overflowWrap: 'anywhere' }}>
            {collection.name}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({countOf(collection.documentCount, 'PDF', 'PDFs')})
            </Typography>
          </Typography>
          {mode === 'delete' ? (
            <>
              <Typography variant="body2" sx={{ flexBasis: '100%' }}>
                Delete “{collection.name}”? Its PDFs stay in your library.
              </Typography>
              <Button
                color="error"
                variant="contained"
                size="small"
                disabled={remove.isPending}
                onClick={confirmDelete}
              >
                Delete the collection
              </Button>
              <Button size="small" onClick={() => setMode('view')}>
                Keep it
              </Button>
            </>
          ) : (
            <>
              <Button size="small" onClick={() => setMode('rename')} aria-label={`Rename ${collection.name}`}>
                Rename
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => setMode('delete')}
                aria-label={`Delete ${collection.name}`}
              >
                Delete
              </Button>
            </>
          )}
          {problem ? (
            <Typography variant="body2" role="alert" sx={{ color: 'error.main', flexBasis: '100%' }}>
              {problem}
            </Typography>
          ) : null}
        </Box>
      )}
    </Box>
  );
}
