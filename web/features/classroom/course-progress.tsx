import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Enrolment } from '../../../contracts/classroom.ts';
import { progressPercent, progressText } from './format.ts';

/**
 * How far a person is in a course: a bar named `label` whose value a screen reader reads as "3 of 9 lessons",
 * and the same words under it (with `suffix`, e.g. " done").
 */
export function CourseProgress({
  enrolment,
  label,
  suffix = '',
}: {
  enrolment: Pick<Enrolment, 'done' | 'total'>;
  label: string;
  suffix?: string;
}) {
  const words = progressText(enrolment.done, enrolment.total);
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={progressPercent(enrolment.done, enrolment.total)}
        aria-label={label}
        aria-valuetext={words}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ mt: 0.75 }}>
        {words}
        {suffix}
      </Typography>
    </Box>
  );
}
