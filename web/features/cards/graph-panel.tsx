import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Card } from '../../../contracts/cards.ts';
import type { GraphLayout } from '../../components/card-graph/layout.ts';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { graphQuery } from './api.ts';

// React Flow, its stylesheet and the layout worker are a chunk of their own, fetched after the card is on the
// screen: the page never waits for the graph.
const CardGraph = lazy(() => import('../../components/card-graph/card-graph.tsx'));

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ py: 4, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** The local graph: the cards linked to or from this one, one or two links away. */
export function GraphPanel({
  card,
  readerKey,
  layout,
}: {
  card: Card;
  readerKey: string | undefined;
  /** For tests: a layout in place of the worker. */
  layout?: GraphLayout;
}) {
  const headingId = useId();
  const [depth, setDepth] = useState<1 | 2>(1);
  const query = useQuery(graphQuery(card.id, depth, readerKey));

  let content;
  if (query.isPending) {
    content = <Loading label="Loading the graph" />;
  } else if (query.isError) {
    content = (
      <Typography color="text.secondary">
        {query.error instanceof ApiError && query.error.status === 404
          ? 'The graph is not available yet.'
          : `The graph could not be loaded. ${errorSentence(query.error)}`}
      </Typography>
    );
  } else if (query.data.nodes.length <= 1) {
    content = (
      <Typography color="text.secondary">No other card is linked to or from this one yet.</Typography>
    );
  } else {
    content = (
      <Suspense fallback={<Loading label="Loading the graph" />}>
        <CardGraph
          graph={query.data}
          currentId={card.id}
          label={`Graph of the cards linked to ${card.title}`}
          {...(layout ? { layout } : {})}
        />
      </Suspense>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={headingId} variant="h5" component="h2">
          Graph
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={depth}
          onChange={(_event, value: 1 | 2 | null) => {
            // Pressing the chosen depth again keeps it.
            if (value !== null) setDepth(value);
          }}
          aria-label="How far the graph reaches"
        >
          <ToggleButton value={1}>1 link</ToggleButton>
          <ToggleButton value={2}>2 links</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {content}
    </Box>
  );
}
