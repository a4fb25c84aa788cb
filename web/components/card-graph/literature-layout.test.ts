import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { layoutLiteratureMap, literatureElkGraph } from './literature-layout.ts';

describe('layoutLiteratureMap', () => {
  it('puts a citing paper left of the paper it cites, one layer per step of the chain', async () => {
    // a cites b, b cites c: three layers from left to right. ELK pads the graph by 12; a layer is a box's
    // width (200) and 72 between layers apart, so x = 12, 12 + 272, 12 + 544; one row, y = 12.
    const positions = await layoutLiteratureMap(
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
      ],
      new ELK(),
    );
    expect(positions).toEqual({ a: { x: 12, y: 12 }, b: { x: 284, y: 12 }, c: { x: 556, y: 12 } });
  });

  it('stacks two papers citing the same one in one layer, 32 apart', async () => {
    const positions = await layoutLiteratureMap(
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      [
        { source: 'a', target: 'c' },
        { source: 'b', target: 'c' },
      ],
      new ELK(),
    );
    expect(positions.a!.x).toBe(12);
    expect(positions.b!.x).toBe(12);
    expect(Math.abs(positions.a!.y - positions.b!.y)).toBe(64 + 32);
    // The two edges into c slope, and polyline routing widens the gap between layers for a sloped edge: c
    // sits a little right of the 284 of a straight chain.
    expect(positions.c!.x).toBeGreaterThan(284);
    expect(positions.c!.x).toBeLessThan(290);
    expect(positions.c!.y).toBeCloseTo((positions.a!.y + positions.b!.y) / 2, 3);
  });

  it('answers nothing for an empty map, and leaves out self-citations and citations of papers not on it', async () => {
    expect(await layoutLiteratureMap([], [])).toEqual({});
    const graph = literatureElkGraph({
      nodes: [{ id: 'a' }, { id: 'b' }],
      edges: [
        { source: 'a', target: 'a' },
        { source: 'a', target: 'z' },
        { source: 'a', target: 'b' },
      ],
    });
    expect(graph.edges).toEqual([{ id: 'e0', sources: ['a'], targets: ['b'] }]);
  });
});
