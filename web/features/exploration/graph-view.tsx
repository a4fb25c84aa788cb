import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GraphLayout } from '../../components/card-graph/layout.ts';
import { useSession } from '../../lib/session.ts';
import { QueryError } from '../../components/query-error.tsx';
import { globalGraphQuery, readerKeyOf } from './api.ts';
import { useSetParams } from '../../lib/url-params.ts';

// React Flow, its stylesheet and the layout worker are a chunk of their own, fetched when the graph is opened.
const CardGraph = lazy(() => import('../../components/card-graph/card-graph.tsx'));

function Loading() {
  return (
    <Box sx={{ py: 4 }}>
      <CircularProgress aria-label="Loading the graph" />
    </Box>
  );
}

function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}

/** ", tagged #memory, by @ada": the filters in words. */
function describe(tag: string, author: string): string {
  return `${tag ? `, tagged #${tag.replace(/^#/, '')}` : ''}${author ? `, by @${author.replace(/^@/, '')}` : ''}`;
}

/** The node limits offered; the server allows up to 300, and past that a graph is unreadable anyway. */
export const graphLimits = [50, 100, 200, 300] as const;
const defaultLimit = 100;

function limitOf(value: string | null): number {
  const limit = Number(value);
  return graphLimits.find((allowed) => allowed === limit) ?? defaultLimit;
}

/**
 * The global graph of public cards: the most linked cards, narrowed by the tag and author filters above and
 * capped at a number of cards (`?limit=`), so it stays readable. The shared card graph draws it, with its
 * boxes in the tab order and the same cards as a list of links for screen readers.
 */
export function GraphView({
  tag,
  author,
  layout,
}: {
  tag: string;
  author: string;
  /** For tests: a layout in place of the worker. */
  layout?: GraphLayout;
}) {
  const tall = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const { user } = useSession();
  const limit = limitOf(params.get('limit'));
  const query = useQuery(globalGraphQuery({ tag, author, limit }, readerKeyOf(user)));

  return (
    <Box component="section" aria-label="Graph of cards">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Cards at most"
          value={limit}
          onChange={(event) =>
            setParams({ limit: event.target.value === String(defaultLimit) ? '' : event.target.value })
          }
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 140 }}
        >
          {graphLimits.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          The most linked public cards{describe(tag, author)}. Use the tag and author filters above to see
          fewer; select a card to open it.
        </Typography>
      </Box>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.nodes.length === 0 ? (
        <Typography>No public cards to draw{tag || author ? ' with these filters' : ' yet'}.</Typography>
      ) : (
        <>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {countOf(query.data.nodes.length, 'card')} and {countOf(query.data.edges.length, 'link')}
          </Typography>
          <Suspense fallback={<Loading />}>
            <CardGraph
              graph={query.data}
              label={`Graph of the most linked public cards${describe(tag, author)}`}
              height={tall ? 600 : 420}
              {...(layout ? { layout } : {})}
            />
          </Suspense>
        </>
      )}
    </Box>
  );
}
