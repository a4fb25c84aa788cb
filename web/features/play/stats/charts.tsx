import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { StudyStats } from '../../../../contracts/play.ts';
import { ChartFigure } from '../../../components/chart-figure.tsx';
import { formatFullDay, formatShortDay, formatWeekdayDay } from './calendar.ts';

/** Items due on each of the next 30 days, as bars, with the same numbers as a table. */
export function ForecastChart({ forecast }: { forecast: StudyStats['forecast'] }) {
  const theme = useTheme();
  const total = forecast.reduce((sum, entry) => sum + entry.due, 0);
  const overdue = forecast[0]?.due ?? 0;
  return (
    <ChartFigure
      title="Reviews due in the next 30 days"
      description={`${total.toLocaleString()} in all; ${overdue.toLocaleString()} today, overdue included.`}
      table={
        <table>
          <caption>Items due each day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Due</th>
            </tr>
          </thead>
          <tbody>
            {forecast.map((entry) => (
              <tr key={entry.day}>
                <th scope="row">{formatFullDay(entry.day)}</th>
                <td>{entry.due.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart
        height={260}
        hideLegend
        skipAnimation
        xAxis={[
          {
            scaleType: 'band',
            data: forecast.map((entry) => entry.day),
            valueFormatter: (day: string, context) =>
              context.location === 'tick' ? formatShortDay(day) : formatWeekdayDay(day),
          },
        ]}
        yAxis={[{ label: 'Items due', tickMinStep: 1 }]}
        series={[
          { data: forecast.map((entry) => entry.due), label: 'Due', color: theme.palette.primary.main },
        ]}
      />
    </ChartFigure>
  );
}

type Curve = {
  key: string;
  name: string;
  points: { week: string; reviews: number; retention: number | null }[];
};

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value)}%`);

/** Weekly retention of several decks or tags as lines on one chart, with a week-by-week table. */
export function RetentionCurves({ title, curves }: { title: string; curves: Curve[] }) {
  const weeks = [...new Set(curves.flatMap((curve) => curve.points.map((point) => point.week)))].sort();
  const series = curves.map((curve) => {
    const byWeek = new Map(curve.points.map((point) => [point.week, point]));
    return {
      key: curve.key,
      label: curve.name,
      // A week without mature reviews is a gap in the line, not a fall to zero.
      data: weeks.map((week) => {
        const retention = byWeek.get(week)?.retention;
        return retention === null || retention === undefined ? null : retention * 100;
      }),
      reviews: weeks.map((week) => byWeek.get(week)?.reviews ?? 0),
    };
  });

  if (curves.length === 0 || weeks.length === 0) {
    return (
      <Box sx={{ mt: 4 }}>
        <Typography variant="h5" component="h3" gutterBottom>
          {title}
        </Typography>
        <Typography>No mature reviews to draw yet.</Typography>
      </Box>
    );
  }

  return (
    <ChartFigure
      title={title}
      description="The share of mature reviews passed each week (Hard, Good or Easy)."
      table={
        <table>
          <caption>{title}, each week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {series.map((line) => (
                <th key={line.key} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={week}>
                <th scope="row">{formatFullDay(week)}</th>
                {series.map((line) => (
                  <td key={line.key}>
                    {percent(line.data[index] ?? null)} ({(line.reviews[index] ?? 0).toLocaleString()}{' '}
                    reviews)
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <LineChart
        height={300}
        skipAnimation
        xAxis={[
          {
            scaleType: 'point',
            data: weeks,
            valueFormatter: (week: string, context) =>
              context.location === 'tick' ? formatShortDay(week) : `Week of ${formatFullDay(week)}`,
          },
        ]}
        yAxis={[{ min: 0, max: 100, label: 'Retention (%)', valueFormatter: (value: number) => `${value}%` }]}
        series={series.map((line) => ({
          id: line.key,
          label: line.label,
          data: line.data,
          connectNulls: false,
          // Straight segments: a smoothed line would bulge past the weeks' real values, even above 100%.
          curve: 'linear' as const,
          showMark: weeks.length <= 12,
          valueFormatter: (value: number | null) => percent(value),
        }))}
      />
    </ChartFigure>
  );
}
