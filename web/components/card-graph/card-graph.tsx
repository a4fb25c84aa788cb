// React Flow's stylesheet is bundled with this lazily loaded module and served from our origin (the CSP allows
// styles from 'self'; the positions React Flow writes in style attributes are covered by 'unsafe-inline').
import '@xyflow/react/dist/style.css';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
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
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { CardGraph as CardGraphData, CardType } from '../../../contracts/cards.ts';
import { cardTypeNames, linkKindNames } from '../../lib/card-labels.ts';
import { nodeSize, type GraphLayout, type LayoutInput, type NodePositions } from './layout.ts';
import { workerLayout } from './worker-layout.ts';

type CardNodeData = { title: string; type: CardType; current: boolean };
type CardNode = Node<CardNodeData, 'card'>;

// Handles exist because React Flow attaches edges to them; nobody connects anything here, so they are hidden.
const hiddenHandle = { opacity: 0, pointerEvents: 'none' } as const;

function CardNodeView({ data }: NodeProps<CardNode>) {
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} style={hiddenHandle} />
      <Box
        sx={{
          width: nodeSize.width,
          height: nodeSize.height,
          boxSizing: 'border-box',
          px: 1.5,
          py: 1,
          borderRadius: 1,
          border: 2,
          borderColor: data.current ? 'primary.main' : 'divider',
          bgcolor: data.current ? 'action.selected' : 'background.paper',
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
            fontWeight: data.current ? 700 : 600,
            lineHeight: 1.25,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {data.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {cardTypeNames[data.type]}
          {data.current ? ' · this card' : ''}
        </Typography>
      </Box>
      <Handle type="source" position={Position.Right} isConnectable={false} style={hiddenHandle} />
    </>
  );
}

const nodeTypes = { card: CardNodeView };

// With its size and handles given up front, React Flow can draw a node and its edges before measuring the
// DOM, so the first frame is already right.
const nodeHandles = [
  { type: 'target' as const, position: Position.Left, x: 0, y: nodeSize.height / 2, width: 1, height: 1 },
  {
    type: 'source' as const,
    position: Position.Right,
    x: nodeSize.width - 1,
    y: nodeSize.height / 2,
    width: 1,
    height: 1,
  },
];

/** The edges of `graph` once each (the same pair and kind can arrive twice from two directions). */
function uniqueEdges(graph: CardGraphData) {
  const seen = new Set<string>();
  return graph.edges.filter((edge) => {
    const key = `${edge.source}>${edge.target}:${edge.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface CardGraphProps {
  /** The cards and links to draw (the API's graph). */
  graph: CardGraphData;
  /** The card the graph is about, drawn highlighted. */
  currentId?: string | undefined;
  /** The accessible name of the drawing, e.g. "Graph of the cards linked to Softmax". */
  label: string;
  /** Places the boxes; elkjs in a Web Worker unless a test hands in another. */
  layout?: GraphLayout;
  /** Where a card's page is; `/cards/:id` by default. */
  hrefOf?: (id: string) => string;
  /** Opens a card (a click on its box, or Enter on it); goes to `hrefOf(id)` by default. */
  onOpen?: (id: string) => void;
  /** Height of the drawing in pixels. */
  height?: number;
}

const defaultHref = (id: string) => `/cards/${id}`;

// The result of laying out one input; a result for an older input counts as still pending.
type LayoutResult =
  | { input: LayoutInput; status: 'ready'; positions: NodePositions }
  | { input: LayoutInput; status: 'failed' };

/**
 * A graph of cards: boxes (title and type) joined by arrows labelled with the kind of link, laid out by elkjs
 * off the main thread. Boxes are in the tab order and open their card on click or Enter; the same cards are
 * also offered as a plain list of links, for screen readers and for anyone who prefers one.
 */
export function CardGraph({
  graph,
  currentId,
  label,
  layout = workerLayout,
  hrefOf = defaultHref,
  onOpen,
  height = 380,
}: CardGraphProps) {
  const theme = useTheme();
  const navigate = useNavigate();
  const descriptionId = useId();
  const open = onOpen ?? ((id: string) => void navigate(hrefOf(id)));
  const edges = useMemo(() => uniqueEdges(graph), [graph]);
  const input = useMemo<LayoutInput>(() => ({ nodes: graph.nodes, edges }), [graph, edges]);
  const [result, setResult] = useState<LayoutResult | null>(null);
  const state = useMemo(
    () => (result?.input === input ? result : ({ status: 'pending' } as const)),
    [result, input],
  );

  useEffect(() => {
    let live = true;
    layout(input).then(
      (positions) => {
        if (live) setResult({ input, status: 'ready', positions });
      },
      () => {
        // The list below still offers every card; the drawing says it could not be made.
        if (live) setResult({ input, status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [input, layout]);

  const titles = useMemo(() => new Map(graph.nodes.map((node) => [node.id, node.title])), [graph]);

  const flowNodes = useMemo<CardNode[]>(() => {
    if (state.status !== 'ready') return [];
    return graph.nodes.map((node) => ({
      id: node.id,
      type: 'card',
      position: state.positions[node.id] ?? { x: 0, y: 0 },
      data: { title: node.title, type: node.type, current: node.id === currentId },
      width: nodeSize.width,
      height: nodeSize.height,
      handles: nodeHandles,
      ariaRole: 'link',
      ariaLabel: `${node.title}, ${cardTypeNames[node.type].toLowerCase()}${node.id === currentId ? ' (this card)' : ''}`,
    }));
  }, [graph, state, currentId]);

  const flowEdges = useMemo<Edge[]>(
    () =>
      edges.map((edge) => ({
        id: `${edge.source}>${edge.target}:${edge.kind}`,
        source: edge.source,
        target: edge.target,
        label: linkKindNames[edge.kind],
        markerEnd: { type: MarkerType.ArrowClosed },
        ariaLabel: `${titles.get(edge.source) ?? 'A card'} ${linkKindNames[edge.kind]} ${titles.get(edge.target) ?? 'a card'}`,
      })),
    [edges, titles],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLElement)) return;
    const node = event.target.closest<HTMLElement>('.react-flow__node');
    const id = node?.dataset.id;
    if (!id) return;
    event.preventDefault();
    open(id);
  };

  const others = graph.nodes.filter((node) => node.id !== currentId);

  return (
    <Box>
      <Box
        data-testid="card-graph"
        data-layout={state.status}
        sx={{
          height,
          position: 'relative',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '& .react-flow__node': { cursor: 'pointer', borderRadius: 1 },
          '& .react-flow__node:focus-visible': {
            outline: `3px solid ${theme.palette.primary.main}`,
            outlineOffset: '2px',
          },
          '& .react-flow__edge-textbg': { fill: theme.palette.background.paper },
          '& .react-flow__edge-text': { fill: theme.palette.text.secondary, fontSize: 11 },
          // React Flow's grey credit link is too faint to read against white; the theme's secondary text is not.
          '& .react-flow__attribution a': { color: theme.palette.text.secondary },
          '& .react-flow__attribution': { bgcolor: 'background.paper' },
        }}
      >
        {state.status === 'ready' ? (
          <ReactFlow<CardNode>
            // A new graph (another depth, another card) is fitted to the view afresh.
            key={graph.nodes.map((node) => node.id).join(',')}
            nodes={flowNodes}
            edges={flowEdges}
            nodeTypes={nodeTypes}
            onNodeClick={(_event, node) => open(node.id)}
            onKeyDown={onKeyDown}
            aria-label={label}
            aria-describedby={descriptionId}
            colorMode={theme.palette.mode}
            fitView
            fitViewOptions={{ padding: 0.15 }}
            minZoom={0.2}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            edgesFocusable={false}
            // The page scrolls over the drawing; zoom is on the buttons and pinch.
            zoomOnScroll={false}
            preventScrolling={false}
            ariaLabelConfig={{
              'node.a11yDescription.default': 'Press Enter to open the card.',
              'node.a11yDescription.keyboardDisabled': 'Press Enter to open the card.',
            }}
          >
            <Controls showInteractive={false} />
          </ReactFlow>
        ) : (
          <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 2 }}>
            {state.status === 'pending' ? (
              <CircularProgress aria-label="Arranging the graph" />
            ) : (
              <Typography color="text.secondary">
                The graph could not be drawn. The cards in it are listed below.
              </Typography>
            )}
          </Box>
        )}
      </Box>
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {others.length === 0
          ? 'No other card is linked yet.'
          : `${others.length} linked ${others.length === 1 ? 'card' : 'cards'}. Tab to a card and press Enter to open it.`}
      </Typography>
      {others.length > 0 ? (
        <Box component="details" sx={{ mt: 1 }} open={state.status === 'failed' || undefined}>
          <Box component="summary" sx={{ cursor: 'pointer' }}>
            The cards in this graph, as a list
          </Box>
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            {others.map((node) => (
              <li key={node.id}>
                <Link component={RouterLink} to={hrefOf(node.id)}>
                  {node.title}
                </Link>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({cardTypeNames[node.type].toLowerCase()}
                  {/* Distance means something only around one card; the global graph has no centre. */}
                  {currentId === undefined
                    ? ''
                    : node.depth <= 1
                      ? ', one link away'
                      : `, ${node.depth} links away`}
                  {relationOf(node.id, edges, titles)})
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** "; links to A; prerequisite of B": how a card in the list is joined to the others. */
function relationOf(id: string, edges: CardGraphData['edges'], titles: Map<string, string>): string {
  const parts: string[] = [];
  for (const edge of edges) {
    if (edge.source === id) parts.push(`${linkKindNames[edge.kind]} ${titles.get(edge.target) ?? 'a card'}`);
    else if (edge.target === id)
      parts.push(`${titles.get(edge.source) ?? 'a card'} ${linkKindNames[edge.kind]} it`);
  }
  return parts.length > 0 ? `; ${parts.join('; ')}` : '';
}

export default CardGraph;
