import type { Backlinks, Card, CardGraph, CardSummary, CardVersion } from '../../../contracts/cards.ts';
import type { Profile, ProfileSummary } from '../../../contracts/profiles.ts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { gridLayout } from '../../components/card-graph/layout.ts';
import { CardPage } from './card-page.tsx';

/** Cards, people and answers as the API gives them, for the card page's tests. */

export const ids = {
  softmax: '11111111-1111-4111-8111-111111111111',
  logits: '22222222-2222-4222-8222-222222222222',
  entropy: '33333333-3333-4333-8333-333333333333',
  original: '44444444-4444-4444-8444-444444444444',
  remix: '55555555-5555-4555-8555-555555555555',
};

export const bobSummary: ProfileSummary = {
  key: 'u_bob',
  handle: 'bob_b',
  displayName: 'Bob Babbage',
  photoURL: null,
  rank: 'B',
  isSubscribed: false,
};

export const adaSummary: ProfileSummary = {
  key: 'u_ada',
  handle: 'ada',
  displayName: 'Ada Lovelace',
  photoURL: null,
  rank: 'A',
  isSubscribed: true,
};

export const bobProfile: Profile = {
  ...bobSummary,
  email: null,
  bio: '',
  phoneNumber: null,
  country: null,
  following: 0,
  followers: 4,
  cards: 3,
  likes: 3,
  reputation: 10,
  hideFollowCounts: false,
  followedByMe: false,
  blockedByMe: false,
};

/** Bob's public note on softmax, read by someone else. */
export const softmax: Card = {
  id: ids.softmax,
  title: 'Softmax',
  excerpt: 'Softmax turns logits into probabilities.',
  type: 'note',
  tags: ['ml', 'ml/probability'],
  coverURL: null,
  visibility: 'public',
  status: 'published',
  author: bobSummary,
  likes: 3,
  remixes: 1,
  views: 10,
  publishedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  body: 'Softmax turns [[logits]] into probabilities; see [[Cross-Entropy|the loss]] and [[Nowhere]].',
  fields: {},
  version: 2,
  createdAt: '2026-03-01T09:00:00.000Z',
  forkOf: null,
  likedByMe: false,
  isOwner: false,
  links: [
    { id: ids.logits, title: 'Logits', kind: 'wiki' },
    { id: ids.entropy, title: 'Cross-entropy', kind: 'wiki' },
  ],
  source: null,
  attachedPdf: null,
};

export function summaryOf(card: Card): CardSummary {
  const {
    body: _body,
    fields: _fields,
    version: _version,
    createdAt: _created,
    forkOf: _fork,
    likedByMe: _liked,
    isOwner: _owner,
    links: _links,
    source: _source,
    attachedPdf: _attached,
    ...summary
  } = card;
  return summary;
}

export const backlinks: Backlinks = {
  linked: [
    {
      ...summaryOf({
        ...softmax,
        id: ids.entropy,
        title: 'Cross-entropy',
        excerpt: 'The loss that softmax feeds.',
      }),
      kind: 'prerequisite',
    },
  ],
  mentions: [
    summaryOf({
      ...softmax,
      id: ids.original,
      title: 'Temperature',
      excerpt: 'Dividing logits before softmax.',
    }),
  ],
};

export const graph: CardGraph = {
  nodes: [
    { id: ids.softmax, title: 'Softmax', type: 'note', likes: 3, depth: 0 },
    { id: ids.logits, title: 'Logits', type: 'note', likes: 0, depth: 1 },
  ],
  edges: [{ source: ids.softmax, target: ids.logits, kind: 'wiki' }],
};

export const versions = {
  items: [
    { version: 2, title: 'Softmax', publishedAt: '2026-03-04T10:00:00.000Z' },
    { version: 1, title: 'Softmax function', publishedAt: '2026-03-01T10:00:00.000Z' },
  ],
};

export const version1: CardVersion = {
  version: 1,
  title: 'Softmax function',
  publishedAt: '2026-03-01T10:00:00.000Z',
  body: 'Softmax turns scores into probabilities.',
  type: 'note',
  fields: {},
  tags: ['ml'],
  coverURL: null,
};

export const version2: CardVersion = {
  ...version1,
  version: 2,
  title: 'Softmax',
  publishedAt: '2026-03-04T10:00:00.000Z',
  body: softmax.body,
  tags: softmax.tags,
};

/** The side requests every card page makes, answered quietly, for `id`. */
export function sideRoutes(id: string) {
  return {
    [`GET /api/cards/${id}/backlinks`]: { linked: [], mentions: [] },
    [`GET /api/cards/${id}/graph`]: { nodes: [], edges: [] },
    [`GET /api/cards/${id}/versions`]: { items: [] },
    [`POST /api/cards/${id}/views`]: { counted: true, views: 11 },
  };
}

/** The card page alone at `/cards/:id`, with a build page to land on and the graph laid out in a grid. */
export function renderCardPage(id: string) {
  const router = createMemoryRouter(
    [
      { path: '/cards/:id', element: <CardPage graphLayout={gridLayout} /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [`/cards/${id}`] },
  );
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}
