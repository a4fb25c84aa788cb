import type { LayoutInput, NodePositions } from './layout.ts';

/** A layout request to the worker; `id` pairs it with its reply. */
export interface LayoutRequest {
  id: number;
  input: LayoutInput;
  /** The card graph's layered options, or the literature map's faster ones (`literature-layout.ts`). */
  kind: LayoutKind;
}

export type LayoutKind = 'card-graph' | 'literature';

/** The worker's reply: the positions, or why there are none. */
export type LayoutReply = { id: number; positions: NodePositions } | { id: number; error: string };
