import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { OnlineMetrics } from '../../../contracts/recommendations.ts';
import { ChartFigure } from '../../components/chart-figure.tsx';
import { DebugSection, ScrollBox } from './debug-section.tsx';
import { formatCount, formatRate, sourceNames } from './format.ts';

type Rate = { impressions: number; clicks: number; likes: number };

const share = (part: number, total: number) => (total > 0 ? (part / total) * 100 : null);

/** What people did with the cards the feed showed them: click and like rates per source and per position. */
export function OnlineSection({ online }: { online: OnlineMetrics }) {
  const impressions = online.bySource.reduce((sum, row) => sum + row.impressions, 0);
  return (
    <DebugSection title="Online">
      {impressions === 0 ? (
        <Typography>
          No impressions in the last {formatCount(online.days)} days: nobody has been shown the feed yet, so
          there are no click or like rates.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The last {formatCount(online.days)} days: {formatCount(impressions)} impressions.
          </Typography>
          <RateTable
            label="Click and like rates per source"
            heading="Source"
            rows={online.bySource.map((row) => ({ key: row.source, name: sourceNames[row.source], ...row }))}
          />
          <SourceRatesChart online={online} />
          <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
            Per position
          </Typography>
          <RateTable
            label="Click and like rates per position in the feed"
            heading="Position"
            rows={online.byPosition.map((row) => ({ key: String(row.position), name: row.position, ...row }))}
          />
        </>
      )}
    </DebugSection>
  );
}

function RateTable({
  label,
  heading,
  rows,
}: {
  label: string;
  heading: string;
  rows: (Rate & { key: string; name: ReactNode })[];
}) {
  return (
    <ScrollBox label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{heading}</TableCell>
            <TableCell align="right">Impressions</TableCell>
            <TableCell align="right">Clicks</TableCell>
            <TableCell align="right">Click rate</TableCell>
            <TableCell align="right">Likes</TableCell>
            <TableCell align="right">Like rate</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.name}
              </TableCell>
              <TableCell align="right">{formatCount(row.impressions)}</TableCell>
              <TableCell align="right">{formatCount(row.clicks)}</TableCell>
              <TableCell align="right">{formatRate(row.clicks, row.impressions)}</TableCell>
              <TableCell align="right">{formatCount(row.likes)}</TableCell>
              <TableCell align="right">{formatRate(row.likes, row.impressions)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}

function SourceRatesChart({ online }: { online: OnlineMetrics }) {
  const theme = useTheme();
  const rows = online.bySource;
  const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
  return (
    <ChartFigure title="Click and like rates per source" description="The rates of the table above, as bars.">
      <BarChart
        height={220}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: rows.map((row) => sourceNames[row.source]) }]}
        yAxis={[{ min: 0, label: 'Rate (%)', valueFormatter: (value: number) => `${value}%` }]}
        series={[
          {
            id: 'clicks',
            label: 'Click rate',
            data: rows.map((row) => share(row.clicks, row.impressions)),
            color: theme.palette.primary.main,
            valueFormatter: percent,
          },
          {
            id: 'likes',
            label: 'Like rate',
            data: rows.map((row) => share(row.likes, row.impressions)),
            color: theme.palette.secondary.main,
            valueFormatter: percent,
          },
        ]}
      />
    </ChartFigure>
  );
}
