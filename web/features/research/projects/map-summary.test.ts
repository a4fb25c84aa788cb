import { describe, expect, it } from 'vitest';
import {
  homePaperId,
  literatureMapFixture,
  paperSummaryFixture,
} from '../../../test/research-home-fixtures.ts';
import { relationsOf, summariseMap } from './map-summary.ts';

const map = literatureMapFixture({
  nodes: [
    { paper: paperSummaryFixture(1, { title: 'Mine A' }), inProject: true, citedByCount: 0 },
    { paper: paperSummaryFixture(2, { title: 'Mine B' }), inProject: true, citedByCount: 1 },
    { paper: paperSummaryFixture(3, { title: 'Zeta' }), inProject: false, citedByCount: 2 },
    { paper: paperSummaryFixture(4, { title: 'Alpha' }), inProject: false, citedByCount: 2 },
    { paper: paperSummaryFixture(5, { title: 'Once' }), inProject: false, citedByCount: 1 },
  ],
  edges: [
    { from: homePaperId(1), to: homePaperId(2) },
    { from: homePaperId(1), to: homePaperId(3) },
    { from: homePaperId(2), to: homePaperId(3) },
  ],
});

describe('summariseMap', () => {
  it('puts the papers cited by two or more of the project first, then the other suggestions', () => {
    const summary = summariseMap(map);
    expect(summary.inProject.map((node) => node.paper.title)).toEqual(['Mine A', 'Mine B']);
    expect(summary.citedBySeveral.map((node) => node.paper.title)).toEqual(['Alpha', 'Zeta']);
    expect(summary.otherSuggestions.map((node) => node.paper.title)).toEqual(['Once']);
  });
});

describe('relationsOf', () => {
  it('says what a paper cites and what cites it', () => {
    expect(relationsOf(homePaperId(1), map)).toBe('cites Mine B, Zeta');
    expect(relationsOf(homePaperId(3), map)).toBe('cited by Mine A, Mine B');
    expect(relationsOf(homePaperId(5), map)).toBe('');
  });
});
