import { lazy, Suspense, useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { LiteratureMap as LiteratureMapData } from '../../../../contracts/research.ts';
import { QueryError } from '../../../components/query-error.tsx';
import { literatureMapQuery, useResearchViewer } from '../../../lib/research-api.ts';
import { paperPagePath } from '../home/paths.ts';
import { relationsOf, summariseMap } from './map-summary.ts';

const LiteratureMapDrawing = lazy(() => import('./literature-map-drawing.tsx'));

interface LiteratureMapProps {
  projectId: string;
  projectTitle: string;
  onAdd: (paperId: string) => void;
  adding: string | null;
}

/** The project's literature map: the drawing, and the same papers in words with "Add to project" on suggestions. */
export function LiteratureMap({ projectId, projectTitle, onAdd, adding }: LiteratureMapProps) {
  const viewer = useResearchViewer();
  const map = useQuery(literatureMapQuery(viewer, projectId));
  const add = useCallback((id: string) => onAdd(id), [onAdd]);
  if (map.isPending) return <CircularProgress aria-label="Loading the literature map" />;
  if (map.isError) {
    return (
      <QueryError
        error={map.error}
        onRetry={() => void map.refetch()}
        lead="The literature map could not be loaded."
      />
    );
  }
  if (map.data.nodes.length === 0) {
    return (
      <Typography color="text.secondary">
        Add papers to the project to see how they cite each other.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Suspense fallback={<CircularProgress aria-label="Loading the map" />}>
        <LiteratureMapDrawing map={map.data} label={`Literature map of ${projectTitle}`} onAdd={add} />
      </Suspense>
      <Typography variant="body2" color="text.secondary">
        Solid boxes are the project’s papers, dashed ones papers they cite that are not in it yet. An arrow
        points from a paper to one it cites.
      </Typography>
      <MapInWords map={map.data} onAdd={add} adding={adding} />
    </Box>
  );
}

function MapInWords({
  map,
  onAdd,
  adding,
}: {
  map: LiteratureMapData;
  onAdd: (id: string) => void;
  adding: string | null;
}) {
  const summary = summariseMap(map);
  const suggestion = (node: LiteratureMapData['nodes'][number]) => (
    <li key={node.paper.id}>
      <Link component={RouterLink} to={paperPagePath(node.paper.id)}>
        {node.paper.title}
      </Link>{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        (cited by {node.citedByCount} of yours)
      </Typography>{' '}
      <Button
        size="small"
        disabled={adding === node.paper.id}
        onClick={() => onAdd(node.paper.id)}
        aria-label={`Add ${node.paper.title} to the project`}
      >
        Add to project
      </Button>
    </li>
  );
  return (
    <Box>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem' }} id="map-several">
        Papers cited by several of yours
      </Typography>
      {summary.citedBySeveral.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None yet: no paper outside the project is cited by two or more of its papers.
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby="map-several" sx={{ mt: 0.5, pl: 3 }}>
          {summary.citedBySeveral.map(suggestion)}
        </Box>
      )}
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: 'pointer' }}>
          The whole map, as a list
        </Box>
        <Box component="ul" aria-label="Papers of the map" sx={{ mt: 1, pl: 3 }}>
          {summary.inProject.map((node) => {
            const relations = relationsOf(node.paper.id, map);
            return (
              <li key={node.paper.id}>
                <Link component={RouterLink} to={paperPagePath(node.paper.id)}>
                  {node.paper.title}
                </Link>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  (in the project{relations ? `; ${relations}` : ''})
                </Typography>
              </li>
            );
          })}
          {summary.otherSuggestions.map(suggestion)}
        </Box>
      </Box>
    </Box>
  );
}
