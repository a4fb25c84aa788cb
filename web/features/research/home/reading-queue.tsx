import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import { pdfReaderPath } from '../../../../contracts/pdfs.ts';
import { readStatusLabels, type QueueItem, type ReadStatus } from '../../../../contracts/research.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { formatRelative } from '../../../lib/relative-time.ts';
import { removeFromQueue, updateQueue } from '../../../lib/research-api.ts';
import { space } from '../../../lib/spacing.ts';
import { groupQueue, paperByline, priorityLabels, queueSteps, readingProgress } from './queue-order.ts';
import { useRefreshResearch } from './use-refresh-research.ts';

const fullDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });

/** A date as "3 days ago", with the full date in its title. */
function When({ label, iso }: { label: string; iso: string | null }) {
  if (!iso) return null;
  return (
    <span>
      {label}{' '}
      <time dateTime={iso} title={fullDate.format(new Date(iso))}>
        {formatRelative(iso)}
      </time>
    </span>
  );
}

/** Where a paper moves next from each step, with the button's words. */
const moves: Record<ReadStatus, { to: ReadStatus; label: string }[]> = {
  'to-read': [
    { to: 'reading', label: 'Start reading' },
    { to: 'read', label: 'Mark read' },
  ],
  reading: [
    { to: 'read', label: 'Mark read' },
    { to: 'to-read', label: 'Back to to read' },
  ],
  read: [{ to: 'reading', label: 'Read again' }],
};

interface ReadingQueueProps {
  queue: QueueItem[];
  /** The paper whose note is open. */
  selectedId: string | null;
  onSelect: (paperId: string) => void;
  onAddPaper: () => void;
}

/**
 * The reading queue in three tabs (to read, reading, read) with their counts. Each paper shows how far its
 * PDF is read, when it was added, started and finished, whether it has a note, and moves along in one click.
 */
export function ReadingQueue({ queue, selectedId, onSelect, onAddPaper }: ReadingQueueProps) {
  const groups = groupQueue(queue);
  // Opens on the step being read when there is one, since that is what a person comes back for.
  const [step, setStep] = useState<ReadStatus>(() => (groups.reading.length > 0 ? 'reading' : 'to-read'));
  const [failure, setFailure] = useState<unknown>(null);
  const refresh = useRefreshResearch();

  const run = async (change: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await change();
    } catch (error) {
      setFailure(error);
    } finally {
      await refresh();
    }
  };

  if (queue.length === 0) {
    return (
      <EmptyState
        icon={<LibraryBooksOutlinedIcon />}
        link={{ to: '/research_center', label: 'Browse the research centre' }}
        action={
          <Button variant="contained" onClick={onAddPaper}>
            Add paper
          </Button>
        }
      >
        Your reading queue is empty. Add papers from the research centre, or add one by its DOI or arXiv id.
      </EmptyState>
    );
  }

  const items = groups[step];
  return (
    <Box>
      <Tabs
        value={step}
        onChange={(_event, value: ReadStatus) => setStep(value)}
        aria-label="Reading queue steps"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {queueSteps.map((value) => (
          <Tab
            key={value}
            value={value}
            id={`queue-tab-${value}`}
            aria-controls="queue-panel"
            label={`${readStatusLabels[value]} (${groups[value].length})`}
          />
        ))}
      </Tabs>
      {failure ? (
        <Alert severity="error" sx={{ mt: space.inline }}>
          {errorSentence(failure)}
        </Alert>
      ) : null}
      <Box role="tabpanel" id="queue-panel" aria-labelledby={`queue-tab-${step}`} sx={{ pt: space.inline }}>
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {step === 'reading'
              ? 'Nothing is being read. Start a paper from To read.'
              : step === 'read'
                ? 'No paper is marked read yet.'
                : 'Nothing left to read.'}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label={`${readStatusLabels[step]} papers`}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {items.map((item) => (
              <QueueRow
                key={item.paper.id}
                item={item}
                selected={item.paper.id === selectedId}
                onSelect={() => onSelect(item.paper.id)}
                onMove={(to) => void run(() => updateQueue(item.paper.id, { status: to }))}
                onPriority={(priority) => void run(() => updateQueue(item.paper.id, { priority }))}
                onRemove={() => void run(() => removeFromQueue(item.paper.id))}
              />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

interface QueueRowProps {
  item: QueueItem;
  selected: boolean;
  onSelect: () => void;
  onMove: (to: ReadStatus) => void;
  onPriority: (priority: number) => void;
  onRemove: () => void;
}

function QueueRow({ item, selected, onSelect, onMove, onPriority, onRemove }: QueueRowProps) {
  const { paper, pdf } = item;
  const progress = readingProgress(pdf);
  return (
    <Box
      component="li"
      aria-label={paper.title}
      sx={{
        py: 1.5,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
        display: 'grid',
        gap: 0.75,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
        <Link
          component={RouterLink}
          to={`/research_center/papers/${paper.id}`}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {paper.title}
        </Link>
        {item.hasNote ? (
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: 'text.secondary' }}
          >
            <EditNoteIcon fontSize="small" aria-hidden />
            <Typography component="span" variant="body2">
              Note
            </Typography>
          </Box>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {paperByline(paper)}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}
      >
        <When label="Added" iso={item.addedAt} />
        <When label="Started" iso={item.startedAt} />
        <When label="Finished" iso={item.finishedAt} />
      </Typography>
      {pdf && progress !== null ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, maxWidth: 480 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={`Read in the PDF: page ${pdf.lastPage} of ${pdf.pageCount}`}
            sx={{ flex: 1, height: 8, borderRadius: 1 }}
          />
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {progress}%
          </Typography>
          <Button
            size="small"
            component={RouterLink}
            to={pdfReaderPath(pdf.id, pdf.lastPage)}
            aria-label={`Read ${paper.title} from page ${pdf.lastPage}`}
          >
            Read
          </Button>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <TextField
          select
          size="small"
          label="Priority"
          value={item.priority}
          onChange={(event) => onPriority(Number(event.target.value))}
          sx={{ minWidth: 120 }}
        >
          {[1, 2, 3].map((priority) => (
            <MenuItem key={priority} value={priority}>
              {priorityLabels[priority]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          size="small"
          variant={selected ? 'contained' : 'outlined'}
          onClick={onSelect}
          aria-pressed={selected}
        >
          {item.hasNote ? 'Open note' : 'Write a note'}
        </Button>
        {moves[item.status].map((move) => (
          <Button key={move.to} size="small" onClick={() => onMove(move.to)}>
            {move.label}
          </Button>
        ))}
        <Button
          size="small"
          color="error"
          onClick={onRemove}
          aria-label={`Remove ${paper.title} from the queue`}
        >
          Remove
        </Button>
      </Box>
    </Box>
  );
}
