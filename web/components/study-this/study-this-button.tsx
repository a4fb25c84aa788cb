import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import SchoolIcon from '@mui/icons-material/School';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import { SheetDialog } from '../sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deckInputSchema } from '../../../contracts/play.ts';
import { ApiError } from '../../lib/api.ts';
import { cardDecksQuery, createDeck, playOwnerOf, playQueryRoot, setDeckCard } from '../../lib/play-api.ts';
import { useSession } from '../../lib/session.ts';
import { errorSentence } from '../../lib/error-sentence.ts';

/**
 * "Study this": puts a card into the signed-in person's collections (decks they fill by hand), or starts a new
 * collection with it. Renders nothing for visitors. Used by the card page and Explore's preview.
 */
export function StudyThisButton({ cardId, cardTitle }: { cardId: string; cardTitle: string }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<SchoolIcon />} onClick={() => setOpen(true)}>
        Study this
      </Button>
      <SheetDialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        {open ? (
          <StudyThisContent
            cardId={cardId}
            cardTitle={cardTitle}
            owner={playOwnerOf(user)}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </SheetDialog>
    </>
  );
}

function StudyThisContent({
  cardId,
  cardTitle,
  owner,
  onClose,
}: {
  cardId: string;
  cardTitle: string;
  owner: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = cardDecksQuery(cardId, owner);
  const memberships = useQuery(query);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const groupLabelId = useId();

  const toggle = useMutation({
    mutationFn: ({ deckId, contains }: { deckId: string; contains: boolean; deckName: string }) =>
      setDeckCard(deckId, cardId, contains),
    onSuccess: (answer, { contains, deckName }) => {
      queryClient.setQueryData(query.queryKey, answer);
      setStatus(contains ? `Added to “${deckName}”.` : `Taken out of “${deckName}”.`);
      // The decks' counts and card lists changed.
      void queryClient.invalidateQueries({ queryKey: [...playQueryRoot, 'decks'] });
    },
  });

  const create = useMutation({
    mutationFn: (deckName: string) =>
      createDeck({ name: deckName, source: { kind: 'collection' }, cardIds: [cardId] }),
    onSuccess: (deck) => {
      setName('');
      setStatus(`“${deck.name}” is made, with this card in it.`);
      void queryClient.invalidateQueries({ queryKey: playQueryRoot });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const field = error.fieldMessage('name');
        if (field) setNameError(field);
      }
    },
  });

  const submitNew = () => {
    setStatus('');
    const checked = deckInputSchema.shape.name.safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? 'Give the collection a name');
      return;
    }
    setNameError(null);
    create.mutate(checked.data);
  };

  const items = memberships.data?.items ?? [];
  return (
    <>
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>Study “{cardTitle}”</DialogTitle>
      <DialogContent dividers>
        <Typography id={groupLabelId} sx={{ mb: 1 }}>
          Your collections (decks you fill by hand):
        </Typography>
        {memberships.isPending ? <CircularProgress size={28} aria-label="Loading your collections" /> : null}
        {memberships.isError ? <Alert severity="error">{errorSentence(memberships.error)}</Alert> : null}
        {memberships.isSuccess && items.length === 0 ? (
          <Typography color="text.secondary">
            You have no collections yet. Name one below and this card will be its first.
          </Typography>
        ) : null}
        {items.length > 0 ? (
          <FormGroup aria-labelledby={groupLabelId}>
            {items.map((deck) => (
              <FormControlLabel
                key={deck.id}
                label={deck.name}
                control={
                  <Checkbox
                    checked={deck.contains}
                    disabled={toggle.isPending}
                    onChange={(event) => {
                      setStatus('');
                      toggle.mutate({ deckId: deck.id, contains: event.target.checked, deckName: deck.name });
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
        ) : null}
        {toggle.isError ? (
          <Alert severity="error" sx={{ mt: 1 }} onClose={() => toggle.reset()}>
            {errorSentence(toggle.error)}
          </Alert>
        ) : null}

        <Box
          component="form"
          noValidate
          sx={{ mt: 3 }}
          onSubmit={(event) => {
            event.preventDefault();
            submitNew();
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="New collection"
              size="small"
              fullWidth
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(nameError)}
              helperText={nameError ?? 'A name, such as “Exam week”'}
            />
            <Button type="submit" variant="contained" disabled={create.isPending} sx={{ flexShrink: 0 }}>
              Create
            </Button>
          </Stack>
          {create.isError && !nameError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              The collection was not made. {errorSentence(create.error)}
            </Alert>
          ) : null}
        </Box>
        <Box role="status" sx={{ mt: status ? 2 : 0 }}>
          {status ? <Alert severity="success">{status}</Alert> : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to="/play">
          Your decks
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
