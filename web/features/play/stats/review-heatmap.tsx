import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { buildCalendar, countOf, formatFullDay } from './calendar.ts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

const cell = 11;
const gap = 3;
const step = cell + gap;
const left = 30;
const top = 18;
const weekdayLabels = ['Mon', '', 'Wed', '', 'Fri', '', ''];

/**
 * Reviews per day over the past year as a calendar, weeks as columns, as GitHub draws contributions. The
 * picture is one image with a summary for screen readers, each square titled for pointers, and a table of
 * the study days beside it for anyone who wants the numbers.
 */
export function ReviewHeatmap({
  today,
  days,
}: {
  today: string;
  days: readonly { day: string; reviews: number }[];
}) {
  const theme = useTheme();
  const headingId = useId();
  const summaryId = useId();
  const calendar = useMemo(() => buildCalendar(today, days), [today, days]);
  const width = left + calendar.weeks * step;
  const height = top + 7 * step;
  // Shades of one hue on the page's own background, so both themes read from faint to strong.
  const fills = [
    alpha(theme.palette.text.primary, 0.08),
    alpha(theme.palette.success.main, 0.35),
    alpha(theme.palette.success.main, 0.55),
    alpha(theme.palette.success.main, 0.78),
    theme.palette.success.main,
  ];
  const studyDays = calendar.cells.filter((entry) => entry.reviews > 0);
  const legend = [
    { level: 0, label: 'No reviews' },
    ...calendar.levelFloors.map((floor, index) => {
      const next = calendar.levelFloors[index + 1];
      const ceiling = next === undefined ? null : next - 1;
      return {
        level: index + 1,
        label:
          ceiling === null
            ? `${floor.toLocaleString()} or more reviews`
            : ceiling <= floor
              ? countOf(floor, 'review')
              : `${floor.toLocaleString()}–${ceiling.toLocaleString()} reviews`,
      };
    }),
  ].filter(
    // With few reviews some levels collapse into the same range; show each range once.
    (entry, index, list) => index === 0 || list.findIndex((other) => other.label === entry.label) === index,
  );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Reviews in the past year
      </Typography>
      <Typography id={summaryId} sx={{ mb: 1 }}>
        {countOf(calendar.total, 'review')} on {countOf(calendar.activeDays, 'day')}.
      </Typography>
      {/* Wider than a phone: the keyboard scrolls it once it has focus. */}
      <Box
        role="group"
        aria-label="Review calendar, scrolls sideways"
        tabIndex={0}
        sx={{ overflowX: 'auto', pb: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        <svg
          role="img"
          aria-labelledby={headingId}
          aria-describedby={summaryId}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          style={{ display: 'block' }}
        >
          {calendar.months.map((month) => (
            <text
              key={`${month.label}-${month.week}`}
              x={left + month.week * step}
              y={11}
              fontSize={10}
              fill={theme.palette.text.secondary}
            >
              {month.label}
            </text>
          ))}
          {weekdayLabels.map((label, row) =>
            label ? (
              <text
                key={label}
                x={0}
                y={top + row * step + cell - 1}
                fontSize={10}
                fill={theme.palette.text.secondary}
              >
                {label}
              </text>
            ) : null,
          )}
          {calendar.cells.map((entry) => (
            <rect
              key={entry.day}
              data-day={entry.day}
              data-level={entry.level}
              x={left + entry.week * step}
              y={top + entry.weekday * step}
              width={cell}
              height={cell}
              rx={2}
              fill={fills[entry.level]}
            >
              <title>{`${countOf(entry.reviews, 'review')} on ${formatFullDay(entry.day)}`}</title>
            </rect>
          ))}
        </svg>
      </Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1 }}
        aria-label="Legend"
        role="list"
      >
        {legend.map((entry) => (
          <Box
            key={entry.level}
            role="listitem"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontSize: '0.8125rem' }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{
                width: cell,
                height: cell,
                borderRadius: '2px',
                bgcolor: fills[entry.level],
                display: 'inline-block',
              }}
            />
            {entry.label}
          </Box>
        ))}
      </Box>
      <VisuallyHidden component="div">
        <table>
          <caption>Days with reviews in the past year</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Reviews</th>
            </tr>
          </thead>
          <tbody>
            {studyDays.length === 0 ? (
              <tr>
                <td colSpan={2}>No reviews in the past year.</td>
              </tr>
            ) : (
              studyDays.map((entry) => (
                <tr key={entry.day}>
                  <th scope="row">{formatFullDay(entry.day)}</th>
                  <td>{entry.reviews.toLocaleString()}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
