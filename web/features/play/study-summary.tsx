import { useEffect, useId, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { gradeNames, grades, type GradeValue, type SessionMode } from '../../../contracts/play.ts';
import { formatDuration, formatRelative } from '../../lib/relative-time.ts';
import { itemKeyOf } from './study-queue.ts';

/** One grade given in a session. */
export interface GradeRecord {
  cardId: string;
  itemKey: string;
  rating: GradeValue;
  durationMs: number;
  /** When the item comes back (null in cram mode, which schedules nothing). */
  due: string | null;
}

/** A session's figures. */
export interface SessionSummary {
  items: number;
  grades: number;
  timeMs: number;
  byGrade: Record<GradeValue, number>;
  /** Items passed (not Again) at their first grade in the session, as a share; null with no grades. */
  retention: number | null;
  /** The soonest time an item graded here comes back, after the session. */
  nextDue: string | null;
}

/** The figures of a session from its grades. */
export function summarize(records: readonly GradeRecord[], now: number = Date.now()): SessionSummary {
  const byGrade: Record<GradeValue, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  const first = new Map<string, GradeRecord>();
  const last = new Map<string, GradeRecord>();
  let timeMs = 0;
  for (const record of records) {
    byGrade[record.rating] += 1;
    timeMs += record.durationMs;
    const key = itemKeyOf(record);
    if (!first.has(key)) first.set(key, record);
    last.set(key, record);
  }
  const firsts = [...first.values()];
  const passed = firsts.filter((record) => record.rating > 1).length;
  let nextDue: string | null = null;
  for (const record of last.values()) {
    if (record.due === null || Date.parse(record.due) <= now) continue;
    if (nextDue === null || Date.parse(record.due) < Date.parse(nextDue)) nextDue = record.due;
  }
  return {
    items: first.size,
    grades: records.length,
    timeMs,
    byGrade,
    retention: firsts.length === 0 ? null : passed / firsts.length,
    nextDue,
  };
}

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/** The end of a session: what was studied, how it went, when to come back. Takes focus when it appears. */
export function StudySummaryView({
  records,
  mode,
  deckPath,
}: {
  records: readonly GradeRecord[];
  mode: SessionMode;
  deckPath: string;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summary = summarize(records);
  useEffect(() => headingRef.current?.focus(), []);

  const rows: [string, string][] = [
    ['Items studied', summary.items.toLocaleString('en')],
    ['Grades given', summary.grades.toLocaleString('en')],
    ['Time', formatDuration(summary.timeMs)],
    ['Remembered at first try', summary.retention === null ? '—' : percent.format(summary.retention)],
  ];
  if (mode === 'review') {
    rows.push([
      'Next review',
      summary.nextDue === null ? 'Nothing scheduled yet' : formatRelative(summary.nextDue),
    ]);
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        gutterBottom
        sx={{ outline: 'none' }}
      >
        {mode === 'cram' ? 'Cram session done' : 'Session done'}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {summary.items === 0
          ? 'You did not grade anything in this session.'
          : mode === 'cram'
            ? 'Cramming left your schedule as it was.'
            : 'Every grade is saved; the items come back when they are due.'}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 3,
          rowGap: 0.75,
          m: 0,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0 },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        Grades
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {grades.map((grade) => (
          <li key={grade}>
            {gradeNames[grade]}: <strong>{summary.byGrade[grade]}</strong>
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 4, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={deckPath}>
          Back to the deck
        </Button>
        <Button variant="outlined" component={RouterLink} to="/play">
          All decks
        </Button>
      </Stack>
    </Box>
  );
}
