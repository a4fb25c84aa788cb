import { useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Card } from '../../../contracts/cards.ts';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  cardQueryKey,
  cardsQueryRoot,
  restoreVersion,
  versionQuery,
  versionsQuery,
  versionsQueryKey,
} from './api.ts';
import { formatDate } from './dates.ts';
import { compareTexts, changeCounts, type DiffMode } from '../../components/text-diff/compare-texts.ts';
import { TextDiff } from '../../components/text-diff/text-diff.tsx';
import { versionText } from './version-diff.ts';

/** The changes between two versions: added text in `<ins>`, removed text in `<del>`, each said in words too. */
function VersionDiff({
  cardId,
  from,
  to,
  readerKey,
}: {
  cardId: string;
  from: number;
  to: number;
  readerKey: string | undefined;
}) {
  const [mode, setMode] = useState<DiffMode>('words');
  const before = useQuery(versionQuery(cardId, from, readerKey));
  const after = useQuery(versionQuery(cardId, to, readerKey));
  const result = useMemo(
    () =>
      before.data && after.data
        ? compareTexts(versionText(before.data), versionText(after.data), mode)
        : null,
    [before.data, after.data, mode],
  );

  if (before.isError || after.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        The versions could not be loaded. {errorSentence(before.error ?? after.error)}
      </Alert>
    );
  if (!result) return <CircularProgress size={24} aria-label="Loading the versions" sx={{ mt: 2 }} />;

  const { added, removed } = changeCounts(result.changes);
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Changes from version {from} to version {to}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={result.mode}
          onChange={(_event, value: DiffMode | null) => {
            if (value) setMode(value);
          }}
          aria-label="Compare by"
        >
          <ToggleButton value="words">Words</ToggleButton>
          <ToggleButton value="lines">Lines</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {added === 0 && removed === 0
          ? 'The two versions are the same.'
          : `${added} ${added === 1 ? 'part' : 'parts'} added, ${removed} removed.`}
      </Typography>
      <TextDiff
        changes={result.changes}
        mode={result.mode}
        label={`Changes from version ${from} to version ${to}`}
      />
    </Box>
  );
}

/**
 * Every published version with its date; any two can be compared, and the author can publish an old one
 * again as the newest (after confirming).
 */
export function VersionHistory({ card, readerKey }: { card: Card; readerKey: string | undefined }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const versions = useQuery(versionsQuery(card.id, readerKey));
  const [choice, setChoice] = useState<{ from: number; to: number } | null>(null);
  const [compared, setCompared] = useState<{ from: number; to: number } | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const restore = useMutation({
    mutationFn: (version: number) => restoreVersion(card.id, version),
    onSuccess: (updated, version) => {
      queryClient.setQueryData(cardQueryKey(card.id, readerKey), updated);
      setRestoring(null);
      setCompared(null);
      setChoice(null);
      setNotice(`Version ${version} was published again as version ${updated.version}.`);
      void queryClient.invalidateQueries({ queryKey: versionsQueryKey(card.id) });
      // Links may have changed with the text: the graph and the backlinks of linked cards too.
      void queryClient.invalidateQueries({ queryKey: [...cardsQueryRoot, 'graph'] });
      void queryClient.invalidateQueries({ queryKey: [...cardsQueryRoot, 'backlinks'] });
    },
  });

  const items = versions.data?.items ?? [];
  const newest = items[0]?.version;
  // Versions are numbered from 1 without gaps, so those missing are the ones others may not read.
  const hidden = card.isOwner ? 0 : Math.max(0, card.version - items.length);
  const selected = choice ?? (items.length >= 2 ? { from: items[1]!.version, to: items[0]!.version } : null);

  let content;
  if (versions.isPending) {
    content = <CircularProgress size={24} aria-label="Loading the version history" />;
  } else if (versions.isError) {
    content = (
      <Typography color="text.secondary">
        The version history could not be loaded. {errorSentence(versions.error)}
      </Typography>
    );
  } else if (items.length === 0) {
    content = <Typography color="text.secondary">This card has not been published yet.</Typography>;
  } else {
    content = (
      <>
        <Box component="ol" reversed sx={{ pl: 3, my: 0 }}>
          {items.map((item) => (
            <Box component="li" key={item.version} value={item.version} sx={{ mb: 1 }}>
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="span">
                  Version {item.version},{' '}
                  <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                  {item.version === newest ? ' (current)' : ''}
                  {item.title !== card.title ? (
                    <Typography component="span" color="text.secondary">
                      {' '}
                      — “{item.title}”
                    </Typography>
                  ) : null}
                </Typography>
                {card.isOwner && item.version !== newest ? (
                  <Button size="small" variant="outlined" onClick={() => setRestoring(item.version)}>
                    Restore <VisuallyHidden>version {item.version}</VisuallyHidden>
                  </Button>
                ) : null}
              </Stack>
            </Box>
          ))}
        </Box>

        {items.length >= 2 && selected ? (
          <Box
            component="form"
            sx={{ mt: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
            onSubmit={(event: React.FormEvent) => {
              event.preventDefault();
              setCompared(selected);
            }}
          >
            {(['from', 'to'] as const).map((end) => (
              <TextField
                key={end}
                select
                size="small"
                label={end === 'from' ? 'Compare version' : 'with version'}
                value={selected[end]}
                onChange={(event) => setChoice({ ...selected, [end]: Number(event.target.value) })}
                sx={{ minWidth: 160 }}
              >
                {items.map((item) => (
                  <MenuItem key={item.version} value={item.version}>
                    Version {item.version}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            <Button type="submit" variant="outlined" disabled={selected.from === selected.to}>
              Show changes
            </Button>
          </Box>
        ) : hidden === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            There is only one version so far.
          </Typography>
        ) : null}
        {hidden > 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {hidden === 1
              ? 'One version was published while the card was private: only its author sees it.'
              : `${hidden} versions were published while the card was private: only its author sees them.`}
          </Typography>
        ) : null}
        {compared ? (
          <VersionDiff cardId={card.id} from={compared.from} to={compared.to} readerKey={readerKey} />
        ) : null}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Version history
      </Typography>
      {content}
      <Box role="status" aria-live="polite">
        {notice ? (
          <Alert severity="success" sx={{ mt: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
      </Box>

      <SheetDialog
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        aria-labelledby={`${headingId}-restore`}
      >
        <DialogTitle id={`${headingId}-restore`}>Restore version {restoring}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Its title, text, tags and fields will be published again as the newest version. The versions after
            it stay in the history, and any unpublished changes in your draft are replaced.
          </DialogContentText>
          {restore.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(restore.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRestoring(null)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={restore.isPending}
            onClick={() => {
              if (restoring !== null) restore.mutate(restoring);
            }}
          >
            Restore
          </Button>
        </DialogActions>
      </SheetDialog>
    </Box>
  );
}
