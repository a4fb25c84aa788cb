import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import {
  evaluationMethods,
  type EvaluationList,
  type EvaluationRun,
} from '../../../contracts/recommendations.ts';
import { ChartFigure } from '../../components/chart-figure.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { formatDuration } from '../../lib/relative-time.ts';
import { evaluationsQuery, requestEvaluation } from './api.ts';
import { DebugSection, ScrollBox } from './debug-section.tsx';
import {
  bestPerMetric,
  blendVersusPopularity,
  formatCount,
  formatNumber,
  formatShortTime,
  formatTime,
  methodNames,
  metricKeys,
  metricName,
} from './format.ts';

/** The offline evaluation: the latest run per method, the blend against popularity over runs, and a new run. */
export function EvaluationSection({ owner }: { owner: string }) {
  const queryClient = useQueryClient();
  const query = evaluationsQuery(owner);
  const list = useQuery(query);
  const run = useMutation({
    mutationFn: requestEvaluation,
    onSuccess: async () => {
      // Pending at once, so the note shows and the list starts being asked again before the server says so.
      queryClient.setQueryData(query.queryKey, (current: EvaluationList | undefined) =>
        current ? { ...current, pending: true } : current,
      );
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    },
  });

  const pending = list.data?.pending === true;
  const runButton = (
    <Button
      variant="contained"
      disabled={!list.isSuccess || pending || run.isPending}
      onClick={() => run.mutate()}
    >
      Run evaluation now
    </Button>
  );
  const latest = list.data?.runs[0];

  return (
    <DebugSection title="Offline evaluation" actions={latest ? runButton : null}>
      <Box role="status" sx={{ mb: pending ? 2 : 0 }}>
        {pending ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={18} aria-hidden />
            <Typography>
              An evaluation is running. This part of the page updates by itself when it is done.
            </Typography>
          </Box>
        ) : null}
      </Box>
      {run.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          The evaluation could not be started. {errorSentence(run.error)}
        </Alert>
      ) : null}
      {list.isPending ? (
        <CircularProgress size={24} aria-label="Loading the evaluations" />
      ) : list.isError ? (
        <QueryError
          error={list.error}
          lead="The evaluations could not be loaded."
          onRetry={() => void list.refetch()}
        />
      ) : !latest ? (
        <EmptyState icon={<AssessmentOutlinedIcon />} action={runButton}>
          No evaluation has run yet. A run hides one interaction of each person, asks every source, the blend
          and two baselines for their top cards, and scores how well each finds the hidden one.
        </EmptyState>
      ) : (
        <LatestRun run={latest} runs={list.data.runs} />
      )}
    </DebugSection>
  );
}

function LatestRun({ run, runs }: { run: EvaluationRun; runs: EvaluationRun[] }) {
  const best = bestPerMetric(run);
  const comparison = blendVersusPopularity(run);
  const results = evaluationMethods.flatMap((method) => {
    const result = run.results.find((entry) => entry.method === method);
    return result ? [result] : [];
  });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Latest run <time dateTime={run.createdAt}>{formatTime(run.createdAt)}</time>, weights{' '}
        {run.weightsVersion}: {formatCount(run.people)} people, {formatCount(run.catalogue)} cards, top{' '}
        {run.k}, took {formatDuration(run.durationMs)}.
      </Typography>
      {comparison ? <Typography sx={{ mb: 1.5 }}>{comparison}</Typography> : null}
      <ScrollBox label="Latest evaluation">
        <Table size="small" aria-label="Latest evaluation, per method">
          <TableHead>
            <TableRow>
              <TableCell>Method</TableCell>
              {metricKeys.map((metric) => (
                <TableCell key={metric} align="right">
                  {metricName(metric, run.k)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {results.map((result) => (
              <TableRow key={result.method}>
                <TableCell component="th" scope="row">
                  {methodNames[result.method]}
                </TableCell>
                {metricKeys.map((metric) => {
                  const isBest = result[metric] === best[metric];
                  return (
                    <TableCell
                      key={metric}
                      align="right"
                      sx={isBest ? { fontWeight: 700, bgcolor: 'action.selected' } : undefined}
                    >
                      {formatNumber(result[metric])}
                      {isBest ? <VisuallyHidden> (best)</VisuallyHidden> : null}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollBox>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        The best value of each column is in bold; for every one of them, higher is better.
      </Typography>
      {runs.length >= 2 ? <RunsChart runs={runs} /> : null}
    </>
  );
}

type Line = { id: string; label: string; color: string; values: (number | null)[] };

/** The blend's and popularity's NDCG and coverage over the runs, oldest first, with the same numbers as a table. */
function RunsChart({ runs }: { runs: EvaluationRun[] }) {
  const theme = useTheme();
  const chronological = [...runs].reverse();
  const value = (run: EvaluationRun, method: 'blend' | 'popularity', metric: 'ndcg' | 'coverage') =>
    run.results.find((result) => result.method === method)?.[metric] ?? null;
  const line = (id: string, label: string, method: 'blend' | 'popularity', metric: 'ndcg' | 'coverage') => ({
    id,
    label,
    // Blend and popularity keep their colour on both metrics; coverage is told apart by its dashes.
    color: method === 'blend' ? theme.palette.primary.main : theme.palette.secondary.main,
    values: chronological.map((run) => value(run, method, metric)),
  });
  const lines: Line[] = [
    line('blend-ndcg', 'Blend NDCG', 'blend', 'ndcg'),
    line('popularity-ndcg', 'Popularity NDCG', 'popularity', 'ndcg'),
    line('blend-coverage', 'Blend coverage', 'blend', 'coverage'),
    line('popularity-coverage', 'Popularity coverage', 'popularity', 'coverage'),
  ];
  const cell = (entry: number | null) => (entry === null ? '—' : formatNumber(entry));

  return (
    <ChartFigure
      title="The blend and popularity over runs"
      description="NDCG (solid lines) and coverage (dashed lines) of each run, oldest first."
      table={
        <table>
          <caption>NDCG and coverage of the blend and popularity, each run</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              {lines.map((line) => (
                <th key={line.id} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chronological.map((run, index) => (
              <tr key={run.id}>
                <th scope="row">{formatTime(run.createdAt)}</th>
                {lines.map((line) => (
                  <td key={line.id}>{cell(line.values[index] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <LineChart
        height={280}
        skipAnimation
        xAxis={[
          {
            scaleType: 'point',
            data: chronological.map((run) => run.createdAt),
            valueFormatter: (iso: string, context) =>
              context.location === 'tick' ? formatShortTime(iso) : formatTime(iso),
          },
        ]}
        yAxis={[{ min: 0, valueFormatter: (entry: number) => formatNumber(entry) }]}
        series={lines.map((line) => ({
          id: line.id,
          label: line.label,
          data: line.values,
          color: line.color,
          curve: 'linear' as const,
          connectNulls: false,
          showMark: true,
          valueFormatter: (entry: number | null) => cell(entry),
        }))}
        // Room for the last run's time under the right end of the axis.
        margin={{ right: 48 }}
        sx={{ [`& .${lineClasses.line}[data-series$="-coverage"]`]: { strokeDasharray: '6 4' } }}
      />
    </ChartFigure>
  );
}
