// React Flow's stylesheet comes with this lazily loaded module, as in the card graph.
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useState } from 'react';
import {
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useNavigate } from 'react-router';
import type { LiteratureMap } from '../../../../contracts/research.ts';
import {
  nodeSize,
  type GraphLayout,
  type LayoutInput,
  type NodePositions,
} from '../../../components/card-graph/layout.ts';
import { workerLiteratureLayout } from '../../../components/card-graph/worker-layout.ts';
import { paperPagePath } from '../home/paths.ts';

type PaperNodeData = { title: string; year: number | null; inProject: boolean; onAdd: (() => void) | null };
type PaperNode = Node<PaperNodeData, 'paper'>;

const hiddenHandle = { opacity: 0, pointerEvents: 'none' } as const;

function PaperNodeView({ data }: NodeProps<PaperNode>) {
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} style={hiddenHandle} />
      <Box
        sx={{
          width: nodeSize.width,
          height: nodeSize.height,
          boxSizing: 'border-box',
          px: 1.25,
          py: 0.5,
          borderRadius: 1,
          border: 2,
          // The project's papers are solid; the suggested ones dashed, so the two read apart without colour.
          borderStyle: data.inProject ? 'solid' : 'dashed',
          borderColor: data.inProject ? 'primary.main' : 'text.secondary',
          bgcolor: data.inProject ? 'action.selected' : 'background.paper',
          color: 'text.primary',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        <Typography
          variant="body2"
          sx={{
            fontWeight: 600,
            lineHeight: 1.2,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {data.title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {data.inProject ? 'In the project' : 'Suggested'}
            {data.year ? ` · ${data.year}` : ''}
          </Typography>
          {data.onAdd ? (
            <Button
              size="small"
              className="nodrag nopan"
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                data.onAdd?.();
              }}
              sx={{ ml: 'auto', minWidth: 0, py: 0, fontSize: 11 }}
            >
              Add
            </Button>
          ) : null}
        </Box>
      </Box>
      <Handle type="source" position={Position.Right} isConnectable={false} style={hiddenHandle} />
    </>
  );
}

const nodeTypes = { paper: PaperNodeView };

type LayoutResult = { input: LayoutInput; positions: NodePositions | null };

interface LiteratureMapDrawingProps {
  map: LiteratureMap;
  label: string;
  onAdd: (paperId: string) => void;
  layout?: GraphLayout;
}

/**
 * The literature map drawn: papers as boxes, references as arrows (a paper points at those it cites), laid
 * out by elkjs with the literature map's options, in the card graph's worker. The list under it (in the page)
 * says the same in words.
 */
export function LiteratureMapDrawing({
  map,
  label,
  onAdd,
  layout = workerLiteratureLayout,
}: LiteratureMapDrawingProps) {
  const theme = useTheme();
  const navigate = useNavigate();
  const input = useMemo<LayoutInput>(
    () => ({
      nodes: map.nodes.map((node) => ({ id: node.paper.id })),
      edges: map.edges.map((edge) => ({ source: edge.from, target: edge.to })),
    }),
    [map],
  );
  const [result, setResult] = useState<LayoutResult | null>(null);
  useEffect(() => {
    let live = true;
    layout(input).then(
      (positions) => live && setResult({ input, positions }),
      () => live && setResult({ input, positions: null }),
    );
    return () => {
      live = false;
    };
  }, [input, layout]);

  const state = result?.input === input ? (result.positions ? 'ready' : 'failed') : 'pending';
  const nodes = useMemo<PaperNode[]>(() => {
    if (!result?.positions || result.input !== input) return [];
    const positions = result.positions;
    return map.nodes.map((node) => ({
      id: node.paper.id,
      type: 'paper',
      position: positions[node.paper.id] ?? { x: 0, y: 0 },
      data: {
        title: node.paper.title,
        year: node.paper.year,
        inProject: node.inProject,
        onAdd: node.inProject ? null : () => onAdd(node.paper.id),
      },
      width: nodeSize.width,
      height: nodeSize.height,
      ariaRole: 'link',
      ariaLabel: `${node.paper.title}, ${node.inProject ? 'in the project' : 'suggested'}`,
    }));
  }, [map, result, input, onAdd]);
  const edges = useMemo<Edge[]>(
    () =>
      map.edges.map((edge) => ({
        id: `${edge.from}>${edge.to}`,
        source: edge.from,
        target: edge.to,
        markerEnd: { type: MarkerType.ArrowClosed },
      })),
    [map],
  );

  return (
    <Box
      data-testid="literature-map"
      data-layout={state}
      sx={{
        height: 420,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '& .react-flow__node': { cursor: 'pointer' },
        // React Flow's credit link, in the theme's readable colours (as the card graph has it).
        '& .react-flow__attribution a': { color: theme.palette.text.secondary },
        '& .react-flow__attribution': { bgcolor: 'background.paper' },
        '& .react-flow__node:focus-visible': {
          outline: `3px solid ${theme.palette.primary.main}`,
          outlineOffset: '2px',
        },
      }}
    >
      {state === 'ready' ? (
        <ReactFlow<PaperNode>
          key={map.nodes.map((node) => node.paper.id).join(',')}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodeClick={(_event, node) => void navigate(paperPagePath(node.id))}
          aria-label={label}
          colorMode={theme.palette.mode}
          fitView
          fitViewOptions={{ padding: 0.15 }}
          minZoom={0.2}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          zoomOnScroll={false}
          preventScrolling={false}
        >
          <Controls showInteractive={false} />
        </ReactFlow>
      ) : (
        <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 2 }}>
          {state === 'pending' ? (
            <CircularProgress aria-label="Arranging the map" />
          ) : (
            <Typography color="text.secondary">
              The map could not be drawn. Its papers are listed below.
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

export default LiteratureMapDrawing;
