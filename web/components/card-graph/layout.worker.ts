import ELK from 'elkjs/lib/elk.bundled.js';
import { layoutWithElk } from './layout.ts';
import { layoutLiteratureMap } from './literature-layout.ts';
import type { LayoutReply, LayoutRequest } from './worker-protocol.ts';

// The layout runs here, off the main thread: ELK is a large compiled library, and a big graph takes long
// enough to freeze the page. elk.bundled.js runs ELK in-process (inside this worker), so there is no second
// worker to start.
const elk = new ELK();

// The worker's own global scope; the project's TypeScript settings describe a window, not a worker.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage: (message: LayoutReply) => void;
};

// elk.bundled.js installs its own message handler when it finds itself in a worker; this one replaces it,
// so requests reach our protocol and not ELK's.
scope.onmessage = (event) => {
  const { id, input, kind } = event.data;
  const laidOut =
    kind === 'literature' ? layoutLiteratureMap(input.nodes, input.edges, elk) : layoutWithElk(elk, input);
  laidOut.then(
    (positions) => scope.postMessage({ id, positions }),
    (error: unknown) =>
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
