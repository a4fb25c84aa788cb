import type { GraphLayout, NodePositions } from './layout.ts';
import type { LayoutKind, LayoutReply, LayoutRequest } from './worker-protocol.ts';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (positions: NodePositions) => void; reject: (error: Error) => void }
>();

function failAll(error: Error) {
  for (const request of pending.values()) request.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  // Written out in full so Vite sees the pattern and builds the worker as its own file (the CSP allows
  // workers from our origin).
  const started = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<LayoutReply>) => {
    const reply = event.data;
    const request = pending.get(reply.id);
    if (!request) return;
    pending.delete(reply.id);
    if ('error' in reply) request.reject(new Error(reply.error));
    else request.resolve(reply.positions);
  };
  started.onerror = (event) => {
    // A worker that failed to load or crashed is dropped; the next layout starts a fresh one.
    event.preventDefault();
    failAll(new Error(event.message || 'The graph layout worker failed'));
    started.terminate();
    if (worker === started) worker = null;
  };
  return started;
}

function layoutInWorker(kind: LayoutKind): GraphLayout {
  return (input) =>
    new Promise<NodePositions>((resolve, reject) => {
      worker ??= startWorker();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      // Only what the layout reads crosses to the worker.
      const request: LayoutRequest = {
        id,
        kind,
        input: {
          nodes: input.nodes.map((node) => ({ id: node.id })),
          edges: input.edges.map((edge) => ({ source: edge.source, target: edge.target })),
        },
      };
      worker.postMessage(request);
    });
}

/**
 * The card graph's layout: elkjs in one shared Web Worker, started on first use and kept for the next graph
 * (ELK's start-up is the slow part).
 */
export const workerLayout: GraphLayout = layoutInWorker('card-graph');

/** The literature map's layout (`literature-layout.ts`), in the same worker. */
export const workerLiteratureLayout: GraphLayout = layoutInWorker('literature');
