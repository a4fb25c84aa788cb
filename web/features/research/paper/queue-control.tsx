import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import {
  readStatusLabels,
  readStatuses,
  type PaperDetail,
  type ReadStatus,
} from '../../../../contracts/research.ts';
import { TextLink } from '../../../components/text-link.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { loginPathFor } from '../../../lib/navigation.ts';
import { paperQuery, researchViewerKey, updateQueue, useResearchViewer } from '../../../lib/research-api.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The paper in the reader's queue: "Add to my queue" while it is not there, then a box to move it along (to
 * read, reading, read). Signed out, a link to sign in and come back.
 */
export function QueueControl({ paper }: { paper: PaperDetail }) {
  const { signedIn } = useSession();
  const location = useLocation();
  const viewer = useResearchViewer();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!signedIn) {
    return (
      <TextLink to={loginPathFor(`${location.pathname}${location.search}`)}>
        Sign in to add it to your queue
      </TextLink>
    );
  }

  const move = async (status: ReadStatus) => {
    setBusy(true);
    setFailure(null);
    try {
      const item = await updateQueue(paper.id, { status });
      queryClient.setQueryData(paperQuery(viewer, paper.id).queryKey, (current) =>
        current
          ? {
              ...current,
              mine: {
                ...(current.mine ?? { note: null, pdf: null, projects: [] }),
                queue: { status: item.status, priority: item.priority },
              },
            }
          : current,
      );
      // The research home's queue holds it too.
      await queryClient.invalidateQueries({ queryKey: [...researchViewerKey(viewer), 'home'] });
    } catch (error) {
      setFailure(errorSentence(error));
    } finally {
      setBusy(false);
    }
  };

  const queue = paper.mine?.queue ?? null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {queue ? (
        <TextField
          id={selectId}
          select
          size="small"
          label="In my queue"
          value={queue.status}
          disabled={busy}
          onChange={(event) => void move(event.target.value as ReadStatus)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        >
          {readStatuses.map((status) => (
            <option key={status} value={status}>
              {readStatusLabels[status]}
            </option>
          ))}
        </TextField>
      ) : (
        <Button
          variant="contained"
          startIcon={<PlaylistAddIcon />}
          disabled={busy}
          onClick={() => void move('to-read')}
          sx={{ minHeight: 44 }}
        >
          Add to my queue
        </Button>
      )}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
    </Box>
  );
}
