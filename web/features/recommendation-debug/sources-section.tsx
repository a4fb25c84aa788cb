import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { sourceLabels, type RecommendationDebug } from '../../../contracts/recommendations.ts';
import { ChartFigure } from '../../components/chart-figure.tsx';
import { formatRelative } from '../../lib/relative-time.ts';
import { DebugSection, ScrollBox } from './debug-section.tsx';
import { formatCount, formatTime, sourceNames } from './format.ts';

/** Candidates and kept cards per source, and the state of the neighbour table the neighbours source reads. */
export function SourcesSection({
  sourceCounts,
  neighbours,
}: Pick<RecommendationDebug, 'sourceCounts' | 'neighbours'>) {
  return (
    <DebugSection title="Sources">
      {sourceCounts.length === 0 ? (
        <Typography>No source found a candidate.</Typography>
      ) : (
        <>
          <ScrollBox label="Candidates per source">
            <Table size="small" aria-label="Candidates and kept cards per source">
              <TableHead>
                <TableRow>
                  <TableCell>Source</TableCell>
                  <TableCell>What it finds</TableCell>
                  <TableCell align="right">Candidates</TableCell>
                  <TableCell align="right">Kept in the feed</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sourceCounts.map((row) => (
                  <TableRow key={row.source}>
                    <TableCell component="th" scope="row">
                      {sourceNames[row.source]}
                    </TableCell>
                    <TableCell sx={{ minWidth: 180 }}>{sourceLabels[row.source]}</TableCell>
                    <TableCell align="right">{formatCount(row.candidates)}</TableCell>
                    <TableCell align="right">{formatCount(row.kept)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
          <SourcesChart sourceCounts={sourceCounts} />
        </>
      )}
      <NeighbourStatus neighbours={neighbours} />
    </DebugSection>
  );
}

function SourcesChart({ sourceCounts }: Pick<RecommendationDebug, 'sourceCounts'>) {
  const theme = useTheme();
  return (
    <ChartFigure
      title="Candidates and kept cards per source"
      description="The same numbers as the table above, as bars."
    >
      <BarChart
        height={240}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: sourceCounts.map((row) => sourceNames[row.source]) }]}
        yAxis={[{ label: 'Cards', tickMinStep: 1 }]}
        series={[
          {
            id: 'candidates',
            label: 'Candidates',
            data: sourceCounts.map((row) => row.candidates),
            color: theme.palette.primary.main,
          },
          {
            id: 'kept',
            label: 'Kept',
            data: sourceCounts.map((row) => row.kept),
            color: theme.palette.secondary.main,
          },
        ]}
      />
    </ChartFigure>
  );
}

function NeighbourStatus({ neighbours }: Pick<RecommendationDebug, 'neighbours'>) {
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        Neighbour table
      </Typography>
      {neighbours === null ? (
        <Typography>
          Not built yet: the neighbours source finds nothing until the table of similar cards is first built.
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            Last rebuilt
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {formatRelative(neighbours.rebuiltAt)} (
            <time dateTime={neighbours.rebuiltAt}>{formatTime(neighbours.rebuiltAt)}</time>)
          </Box>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            Took
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {formatCount(Math.round(neighbours.durationMs))} ms (and the tag statistics,{' '}
            {formatCount(Math.round(neighbours.tagStatsMs))} ms)
          </Box>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            Pairs
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {formatCount(neighbours.pairs)}
          </Box>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            Cards
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {formatCount(neighbours.cards)}
          </Box>
        </Box>
      )}
    </Box>
  );
}
