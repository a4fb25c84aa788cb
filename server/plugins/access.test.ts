import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reactionEmojis } from '../../contracts/confer.ts';
import { buildApp } from '../app.ts';
import { starterDraft } from '../modules/classroom/authoring/rules.ts';
import type { TestContext } from '../test/app.ts';
import { blogFactory } from '../test/blog.ts';
import { cardFactory } from '../test/cards.ts';
import { testConfig } from '../test/config.ts';
import { createTestDatabase } from '../test/database.ts';
import { makePaperPdf } from '../test/pdfs.ts';
import { people, type Person } from '../test/people.ts';
import accessPlugin, { accessLevels, signedInUser, type Access } from './access.ts';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route as registered: what it declared itself, and the options the app finally gave it. */
type Registered = { declared: unknown; route: RouteOptions };

/** What the fixtures made: three people, a profile to act on, and the owner's private things. */
type World = {
  owner: Person;
  other: Person;
  admin: Person;
  targetKey: string;
  targetHandle: string;
  publicCardId: string;
  privateCardId: string;
  draftCardId: string;
  deckId: string;
  channelId: string;
  messageId: string;
  reportId: string;
  jobId: string;
  pdfId: string;
  /** A published blog post by the owner, tagged `access`. */
  postId: string;
  /** A new comment of the owner's on that post. */
  newComment: () => Promise<string>;
  /** A new highlight in the owner's PDF. */
  newHighlight: () => Promise<string>;
  newPrivateCard: () => Promise<string>;
  newDeck: () => Promise<string>;
  newChannel: () => Promise<string>;
  newMessage: () => Promise<string>;
  newPdf: () => Promise<string>;
  newPdfCollection: () => Promise<string>;
  /** A new published blog post of the owner's. */
  newBlogPost: () => Promise<string>;
};

type Fixture = {
  /** Who may call it: the table the declarations must agree with (per method where they differ). */
  access: Access | Partial<Record<Method, Access>>;
  /** The path's parameters; a function that makes a new resource gives each method one of its own. */
  params?: (world: World) => Record<string, string> | Promise<Record<string, string>>;
  query?: (world: World) => string;
  /** A body valid enough to reach the service, where validation would otherwise answer first. */
  body?: (world: World) => object;
  /** The path names something of the owner's that nobody else may see or change: others get 404 or 403. */
  owned?: boolean;
};

/**
 * Routes the project does not own, which cannot carry a declaration of their own: their scope declares it
 * (`declareScopeAccess`). Anything else without `config.auth` fails this test.
 */
const thirdParty = [
  { why: '@fastify/swagger-ui: the API docs pages', matches: (url: string) => url.startsWith('/api/docs') },
  {
    why: '@fastify/static: the built web app’s files (the ones this test writes)',
    matches: (url: string) => url === '/index.html' || url === '/assets/app-1.js',
  },
];

const card = (world: World) => ({ id: world.privateCardId });
const deck = (world: World) => ({ id: world.deckId });
const channel = (world: World) => ({ id: world.channelId });
const message = (world: World) => ({ id: world.messageId });
const target = (world: World) => ({ key: world.targetKey });
const report = { reason: 'spam', details: '' };
const job = (world: World) => ({ id: world.jobId });
const pdf = (world: World) => ({ id: world.pdfId });
const blogPost = async (world: World) => ({ id: await world.newBlogPost() });
const blogContent = {
  title: 'Access post',
  body: 'Some words.',
  excerpt: '',
  seoDescription: '',
  coverURL: null,
  coverAlt: '',
  tags: [],
  seriesTitle: null,
  slug: 'access-post',
};

/** Every route's path, with what calling it needs. A route missing here fails the test by name. */
const fixtures: Record<string, Fixture> = {
  '/api/health': { access: 'public' },
  '/api/jobs': { access: 'user' },
  '/api/jobs/:id': { access: 'user', params: job, owned: true },
  '/api/jobs/:id/cancel': { access: 'user', params: job, owned: true },
  '/api/analytics/pageviews': { access: 'public', body: () => ({ path: '/exploration' }) },
  '/api/support/tickets': { access: 'public' },
  '/api/auth/config': { access: 'public' },
  '/api/auth/password-policy': { access: 'public' },
  '/api/auth/actions/check': { access: 'public' },
  '/api/auth/actions/apply': { access: 'public' },
  '/api/auth/actions/resend': { access: 'public' },
  // The identity library's endpoints: `ok` is harmless whoever asks (sign-out would end the callers' sessions).
  '/api/auth/*': { access: 'public', params: () => ({ '*': 'ok' }) },
  '/api/dev/outbox': { access: 'public' },
  '/api/openapi.json': { access: 'public' },
  '/api/docs': { access: 'public' },
  '/api/docs/': { access: 'public' },
  '/api/docs/static/index.html': { access: 'public' },
  '/api/docs/static/swagger-initializer.js': { access: 'public' },
  '/api/docs/json': { access: 'public' },
  '/api/docs/yaml': { access: 'public' },
  '/api/docs/static/*': { access: 'public', params: () => ({ '*': 'swagger-ui.css' }) },
  '/index.html': { access: 'public' },
  '/assets/app-1.js': { access: 'public' },
  '/api/realtime': { access: 'user' },

  '/api/profiles/:key': { access: 'optional', params: target },
  '/api/profiles/by-handle/:handle': {
    access: 'optional',
    params: (world) => ({ handle: world.targetHandle }),
  },
  '/api/profiles/me': { access: 'user', body: () => ({ bio: 'Reads cards.' }) },
  '/api/profiles/me/photo': { access: 'user' },
  '/api/profiles/me/blocks': { access: 'user' },
  '/api/profiles/me/reputation': { access: 'user' },
  '/api/profiles/:key/followers': { access: 'optional', params: target },
  '/api/profiles/:key/following': { access: 'optional', params: target },
  '/api/profiles/:key/follow': { access: 'user', params: target },
  '/api/profiles/:key/block': { access: 'user', params: target },
  '/api/profiles/:key/reports': { access: 'user', params: target, body: () => report },
  '/api/profiles/:key/cards': { access: 'optional', params: target },
  // Only the person themselves reads what they liked.
  '/api/profiles/:key/liked': { access: 'user', params: (world) => ({ key: world.owner.id }), owned: true },
  '/api/files/:hash': { access: 'public', params: () => ({ hash: 'a'.repeat(64) }) },
  '/api/files/images': { access: 'user' },

  '/api/billing/subscription': { access: 'user' },
  '/api/billing/checkout': { access: 'user' },
  '/api/billing/portal': { access: 'user' },
  '/api/billing/webhook': { access: 'public' },
  '/api/admin/subscriptions': { access: 'admin' },
  '/api/admin/profiles': { access: 'admin', query: () => 'q=a' },
  '/api/admin/profiles/:key/premium': { access: 'admin', params: target },
  '/api/admin/profiles/:key/penalties': {
    access: 'admin',
    params: target,
    body: () => ({ points: 1, reason: 'Spam' }),
  },
  '/api/admin/reports': { access: 'admin' },
  '/api/admin/reports/:id': {
    access: 'admin',
    params: (world) => ({ id: world.reportId }),
    body: () => ({ status: 'dismissed' }),
  },

  '/api/cards': { access: 'user', body: () => ({ title: 'A new card' }) },
  '/api/cards/drafts': { access: 'user' },
  '/api/cards/titles': { access: 'user', query: () => 'q=a' },
  '/api/cards/import': { access: 'user', body: () => ({ files: [{ name: 'a.md', text: '# A' }] }) },
  '/api/cards/export': { access: 'user' },
  '/api/cards/likes': { access: 'user', query: (world) => `ids=${world.publicCardId}` },
  '/api/cards/feed/new': { access: 'optional' },
  '/api/cards/feed/trending': { access: 'optional' },
  '/api/cards/feed/following': { access: 'user' },
  '/api/cards/search': { access: 'optional', query: () => 'q=card' },
  '/api/recommendations/feed': { access: 'user' },
  '/api/recommendations/signals': { access: 'user' },
  '/api/recommendations/impressions': {
    access: 'user',
    body: (world) => ({
      feedId: randomUUID(),
      items: [{ cardId: world.publicCardId, position: 0, source: 'trending' }],
    }),
  },
  '/api/recommendations/feedback': {
    access: 'user',
    body: (world) => ({ kind: 'card', target: world.publicCardId }),
    query: (world) => `kind=card&target=${world.publicCardId}`,
  },
  '/api/recommendations/preferences': { access: 'user', body: () => ({ tilt: 0, tags: ['ml'] }) },
  '/api/recommendations/starter-tags': { access: 'user' },
  '/api/recommendations/debug': { access: 'user' },
  '/api/recommendations/debug/why': { access: 'user', query: (world) => `card=${world.publicCardId}` },
  '/api/recommendations/evaluations': { access: 'user' },
  '/api/recommendations/evaluations/run': { access: 'admin' },
  '/api/recommendations/neighbours/rebuild': { access: 'admin' },
  '/api/pdfs/:id/highlights': {
    access: 'user',
    params: (world) => ({ id: world.pdfId }),
    body: () => ({
      page: 1,
      color: 'yellow',
      quote: 'Some words',
      rects: [{ x: 1, y: 1, width: 9, height: 9 }],
    }),
    owned: true,
  },
  '/api/pdfs/:id/highlights/:highlightId': {
    access: 'user',
    params: async (world) => ({ id: world.pdfId, highlightId: await world.newHighlight() }),
    body: () => ({ color: 'green' }),
    owned: true,
  },
  '/api/pdfs/:id/highlights/:highlightId/card': {
    access: 'user',
    params: async (world) => ({ id: world.pdfId, highlightId: await world.newHighlight() }),
    body: () => ({ as: 'draft' }),
    owned: true,
  },
  '/api/pdfs/paper-cards': { access: 'user', query: () => 'q=a' },
  '/api/pdfs/:id/paper-card': { access: 'user', params: pdf, owned: true },
  '/api/pdfs/search': { access: 'user', query: () => 'q=paper' },
  '/api/pdfs/export': { access: 'user', query: () => 'format=bibtex' },
  '/api/cards/graph': { access: 'optional' },
  '/api/tags': { access: 'public', query: () => 'q=a' },
  '/api/cards/:id': {
    access: { GET: 'optional', DELETE: 'user' },
    // Deleting needs a card of its own; reading uses the private one.
    params: async (world) => ({ id: await world.newPrivateCard() }),
    owned: true,
  },
  '/api/cards/:id/export': { access: 'optional', params: card, owned: true },
  '/api/cards/:id/draft': {
    access: 'user',
    params: (world) => ({ id: world.draftCardId }),
    body: () => ({
      title: 'Draft',
      body: '',
      type: 'note',
      fields: {},
      tags: [],
      coverURL: null,
      visibility: 'private',
      typedLinks: [],
      baseRevision: 0,
    }),
    owned: true,
  },
  '/api/cards/:id/publish': { access: 'user', params: (world) => ({ id: world.draftCardId }), owned: true },
  '/api/cards/:id/unpublish': {
    access: 'user',
    params: async (world) => ({ id: await world.newPrivateCard() }),
    owned: true,
  },
  '/api/cards/:id/restore': { access: 'user', params: card, owned: true },
  '/api/cards/:id/remix': { access: 'user', params: card, owned: true },
  '/api/cards/:id/like': { access: 'user', params: card, owned: true },
  '/api/cards/:id/versions': { access: 'optional', params: card, owned: true },
  '/api/cards/:id/versions/:version': {
    access: 'optional',
    params: (world) => ({ ...card(world), version: '1' }),
    owned: true,
  },
  '/api/cards/:id/versions/:version/restore': {
    access: 'user',
    params: (world) => ({ ...card(world), version: '1' }),
    owned: true,
  },
  '/api/cards/:id/reports': { access: 'user', params: card, body: () => report, owned: true },
  '/api/cards/:id/views': { access: 'optional', params: card, owned: true },
  '/api/cards/:id/backlinks': { access: 'optional', params: card, owned: true },
  '/api/cards/:id/graph': { access: 'optional', params: card, owned: true },

  '/api/play/settings': { access: 'user' },
  '/api/play/decks': { access: 'user', body: () => ({ name: 'Deck', source: { kind: 'collection' } }) },
  '/api/play/decks/:id': {
    access: 'user',
    params: async (world) => ({ id: await world.newDeck() }),
    body: () => ({ name: 'Renamed' }),
    owned: true,
  },
  '/api/play/decks/:id/cards': { access: 'user', params: deck, owned: true },
  '/api/play/decks/:id/cards/:cardId': {
    access: 'user',
    params: (world) => ({ ...deck(world), cardId: world.publicCardId }),
    owned: true,
  },
  // The caller's own collections and whether each holds the card: the same answer for any card id.
  '/api/play/cards/:cardId/decks': { access: 'user', params: (world) => ({ cardId: world.privateCardId }) },
  '/api/play/decks/:id/session': { access: 'user', params: deck, owned: true },
  '/api/play/decks/:id/items': { access: 'user', params: deck, owned: true },
  '/api/play/decks/:id/practice': { access: 'user', params: deck, owned: true },
  '/api/play/decks/:id/games': { access: 'user', params: deck, owned: true },
  '/api/play/reviews': {
    access: 'user',
    body: (world) => ({
      id: randomUUID(),
      deckId: world.deckId,
      cardId: world.publicCardId,
      itemKey: 'q',
      rating: 3,
      durationMs: 1000,
    }),
    owned: true,
  },
  '/api/play/reviews/undo': { access: 'user' },
  '/api/play/items': {
    access: 'user',
    body: (world) => ({ cardId: world.privateCardId, suspended: true }),
    owned: true,
  },
  '/api/play/games': {
    access: 'user',
    body: (world) => ({
      deckId: world.deckId,
      game: 'multiple-choice',
      correct: 1,
      total: 2,
      elapsedMs: 1000,
    }),
    owned: true,
  },
  '/api/play/stats': { access: 'user', query: (world) => `deckId=${world.deckId}`, owned: true },
  '/api/play/activity': { access: 'user' },

  '/api/confer/conversations': { access: 'user' },
  '/api/confer/channels': { access: 'user', body: () => ({ name: `access-${Date.now().toString(36)}` }) },
  '/api/confer/people': { access: 'user', query: () => 'q=a' },
  '/api/confer/direct': { access: 'user', body: (world) => ({ keys: [world.targetKey] }) },
  '/api/confer/assistant': { access: 'user' },
  '/api/confer/search': { access: 'user', query: () => 'q=hello' },
  '/api/confer/conversations/:id': {
    access: 'user',
    params: channel,
    body: () => ({ topic: 'Access' }),
    owned: true,
  },
  '/api/confer/conversations/:id/membership': {
    access: 'user',
    // Leaving needs a channel of its own.
    params: async (world) => ({ id: await world.newChannel() }),
    owned: true,
  },
  '/api/confer/conversations/:id/members': {
    access: 'user',
    params: channel,
    body: (world) => ({ keys: [world.targetKey] }),
    owned: true,
  },
  '/api/confer/conversations/:id/messages': {
    access: 'user',
    params: channel,
    body: () => ({ clientId: randomUUID(), body: 'Hello' }),
    owned: true,
  },
  '/api/confer/conversations/:id/changes': {
    access: 'user',
    params: channel,
    query: () => 'after=0',
    owned: true,
  },
  '/api/confer/conversations/:id/read': {
    access: 'user',
    params: channel,
    body: () => ({ seq: 1 }),
    owned: true,
  },
  '/api/confer/messages/:id': {
    access: 'user',
    params: async (world) => ({ id: await world.newMessage() }),
    body: () => ({ body: 'Edited' }),
    owned: true,
  },
  '/api/confer/messages/:id/thread': { access: 'user', params: message, owned: true },
  '/api/confer/messages/:id/reactions/:emoji': {
    access: 'user',
    params: (world) => ({ ...message(world), emoji: reactionEmojis[0] }),
    owned: true,
  },
  '/api/confer/messages/:id/reports': { access: 'user', params: message, body: () => report, owned: true },
  '/api/confer/messages/:id/card': { access: 'user', params: message, owned: true },
  '/api/admin/confer/messages/:id': {
    access: 'admin',
    params: async (world) => ({ id: await world.newMessage() }),
  },
  // JSON is not a PDF: every signed-in caller is refused (415) before anything is stored.
  '/api/pdfs': { access: 'user', body: () => ({ title: 'Not a PDF' }) },
  '/api/pdfs/:id': {
    access: 'user',
    // Deleting needs a PDF of its own.
    params: async (world) => ({ id: await world.newPdf() }),
    body: () => ({ status: 'reading' }),
    owned: true,
  },
  '/api/pdfs/:id/file': { access: 'user', params: pdf, owned: true },
  '/api/pdfs/collections': { access: 'user', body: () => ({ name: `Access ${randomUUID()}` }) },
  '/api/pdfs/collections/:id': {
    access: 'user',
    params: async (world) => ({ id: await world.newPdfCollection() }),
    body: () => ({ name: `Renamed ${randomUUID()}` }),
    owned: true,
  },
  '/api/pdfs/settings': { access: 'user', body: () => ({ makeCardAs: 'draft' }) },
  '/api/classroom/courses': {
    access: { GET: 'optional', POST: 'user' },
    // The owner has the instructor role; another person is refused (403), the owner makes a course each time.
    body: () => ({ slug: `access-${randomUUID().slice(0, 8)}`, title: 'Access' }),
  },
  '/api/classroom/teaching': { access: 'user' },
  '/api/classroom/courses/:slug/draft': {
    access: 'user',
    params: () => ({ slug: 'no-such-course' }),
    body: () => ({
      content: starterDraft({ slug: 'no-such-course', title: 'None' }, 'nobody'),
      baseUpdatedAt: new Date().toISOString(),
    }),
  },
  '/api/classroom/courses/:slug/versions': { access: 'user', params: () => ({ slug: 'no-such-course' }) },
  '/api/classroom/courses/:slug/class': { access: 'user', params: () => ({ slug: 'no-such-course' }) },
  '/api/admin/instructors': { access: 'admin' },
  '/api/admin/instructors/:handle': { access: 'admin', params: (world) => ({ handle: world.targetHandle }) },
  '/api/classroom/courses/:slug': { access: 'optional', params: () => ({ slug: 'no-such-course' }) },
  '/api/classroom/courses/:slug/enrolment': { access: 'user', params: () => ({ slug: 'no-such-course' }) },
  '/api/classroom/courses/:slug/lessons/:lesson': {
    access: 'user',
    params: () => ({ slug: 'no-such-course', lesson: 'no-such-lesson' }),
  },
  '/api/classroom/courses/:slug/lessons/:lesson/questions/:question/answers': {
    access: 'user',
    params: () => ({ slug: 'no-such-course', lesson: 'no-such-lesson', question: 'no-such-question' }),
    body: () => ({ variant: 0, answer: { kind: 'single', option: 'a' } }),
  },
  '/api/classroom/courses/:slug/lessons/:lesson/completion': {
    access: 'user',
    params: () => ({ slug: 'no-such-course', lesson: 'no-such-lesson' }),
  },
  '/api/classroom/certificates/:id': { access: 'public', params: () => ({ id: 'no-such-certificate' }) },
  '/api/research/papers': {
    access: { GET: 'optional', POST: 'user' },
    body: () => ({
      paper: {
        title: `Access ${randomUUID()}`,
        authors: [{ name: 'Ada Lovelace' }],
        year: 2024,
        url: 'https://example.org/a',
        tags: [],
      },
    }),
  },
  '/api/research/papers/:id': { access: 'optional', params: () => ({ id: randomUUID() }) },
  '/api/research/papers/:id/cite': { access: 'optional', params: () => ({ id: randomUUID() }) },
  '/api/research/lookup': { access: 'user', body: () => ({ identifier: 'not an identifier' }) },
  '/api/research/import/preview': { access: 'user', body: () => ({ text: '[]', format: 'csl-json' }) },
  '/api/research/import': { access: 'user', body: () => ({ text: '[]', format: 'csl-json' }) },
  '/api/research/export': { access: 'optional', query: () => `ids=${randomUUID()}&format=bibtex` },
  '/api/research/citations': { access: 'optional', body: () => ({ keys: ['nosuchkey2024'] }) },
  '/api/research/centre': { access: 'optional' },
  '/api/research/topics': {
    access: 'user',
    body: () => ({
      slug: `access-${randomUUID().slice(0, 8)}`,
      title: 'Access',
      introduction: '',
      tags: ['access'],
    }),
  },
  '/api/research/topics/:slug': {
    access: { GET: 'optional', PUT: 'user' },
    params: () => ({ slug: 'no-such-topic' }),
    body: () => ({ slug: 'no-such-topic', title: 'None', introduction: '', tags: ['none'] }),
  },
  '/api/research/topics/:slug/lists': {
    access: 'user',
    params: () => ({ slug: 'no-such-topic' }),
    body: () => ({ slug: 'list', title: 'List', items: [] }),
  },
  '/api/research/topics/:slug/lists/:list': {
    access: 'user',
    params: () => ({ slug: 'no-such-topic', list: 'no-such-list' }),
  },
  '/api/admin/research-editors': { access: 'admin' },
  '/api/admin/research-editors/:handle': {
    access: 'admin',
    params: (world) => ({ handle: world.targetHandle }),
  },
  '/api/research/home': { access: 'user' },
  '/api/research/preferences': { access: 'user', body: () => ({ citationStyle: 'ieee' }) },
  '/api/research/queue/:paperId': {
    access: 'user',
    params: () => ({ paperId: randomUUID() }),
    body: () => ({ status: 'reading' }),
  },
  '/api/research/notes/:paperId': {
    access: 'user',
    params: () => ({ paperId: randomUUID() }),
    body: () => ({ body: 'Note' }),
  },
  '/api/research/notes/:paperId/publish': { access: 'user', params: () => ({ paperId: randomUUID() }) },
  '/api/research/projects': { access: 'user', body: () => ({ title: 'Access project' }) },
  '/api/research/projects/:id': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: () => ({ title: 'Renamed project' }),
  },
  '/api/research/projects/:id/papers/:paperId': {
    access: 'user',
    params: () => ({ id: randomUUID(), paperId: randomUUID() }),
    body: () => ({ annotation: '' }),
  },
  '/api/research/projects/:id/map': { access: 'user', params: () => ({ id: randomUUID() }) },
  '/api/research/projects/:id/ask': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: () => ({ question: 'What works?' }),
  },
  '/api/blog/posts': { access: { GET: 'optional', POST: 'user' }, body: () => ({ title: 'Access' }) },
  '/api/blog/facets': { access: 'optional' },
  '/api/blog/mine': { access: 'user' },
  '/api/blog/posts/by-slug/:slug': { access: 'optional', params: () => ({ slug: 'no-such-post' }) },
  '/api/blog/authors/:handle': { access: 'optional', params: (world) => ({ handle: world.targetHandle }) },
  '/api/blog/posts/:id': { access: 'user', params: blogPost, owned: true },
  '/api/blog/posts/:id/edit': { access: 'user', params: blogPost, owned: true },
  '/api/blog/posts/:id/draft': {
    access: 'user',
    params: blogPost,
    body: () => ({ ...blogContent, baseRevision: 1 }),
    owned: true,
  },
  '/api/blog/posts/:id/publish': { access: 'user', params: blogPost, body: () => ({}), owned: true },
  '/api/blog/posts/:id/unpublish': { access: 'user', params: blogPost, owned: true },
  '/api/blog/posts/:id/revisions': { access: 'user', params: blogPost, owned: true },
  '/api/blog/posts/:id/revisions/:number': {
    access: 'user',
    params: async (world) => ({ ...(await blogPost(world)), number: '1' }),
    owned: true,
  },
  '/api/blog/posts/:id/featured': { access: 'admin', params: blogPost, body: () => ({ featured: true }) },
  '/api/blog/posts/:id/like': { access: 'user', params: blogPost },
  '/api/blog/posts/:id/comments': {
    access: { GET: 'optional', POST: 'user' },
    params: (world) => ({ id: world.postId }),
    body: () => ({ body: 'A comment' }),
  },
  // Others may not delete the owner's comment; the administrator removes it, and the owner's delete is then a no-op.
  '/api/blog/comments/:id': {
    access: 'user',
    params: async (world) => ({ id: await world.newComment() }),
    owned: true,
  },
  '/api/blog/comments/:id/reports': {
    access: 'user',
    params: async (world) => ({ id: await world.newComment() }),
    body: () => report,
  },
  '/blog/rss.xml': { access: 'public' },
  '/blog/atom.xml': { access: 'public' },
  '/blog/tags/:tag/rss.xml': { access: 'public', params: () => ({ tag: 'access' }) },
  '/blog/tags/:tag/atom.xml': { access: 'public', params: () => ({ tag: 'access' }) },
  '/blog/authors/:handle/rss.xml': { access: 'public', params: (world) => ({ handle: world.targetHandle }) },
  '/blog/authors/:handle/atom.xml': { access: 'public', params: (world) => ({ handle: world.targetHandle }) },
  '/sitemap.xml': { access: 'public' },
  '/robots.txt': { access: 'public' },
  '/api/blog-builder/sources': { access: 'user', query: () => 'by=links&value=nothing' },
  '/api/blog-builder/sessions': {
    access: 'user',
    body: (world) => ({ cardIds: [world.publicCardId] }),
  },
  '/api/blog-builder/sessions/:id': { access: 'user', params: () => ({ id: randomUUID() }), owned: true },
  '/api/blog-builder/sessions/:id/sources': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: (world) => ({ cardIds: [world.publicCardId] }),
    owned: true,
  },
  '/api/blog-builder/sessions/:id/outline': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: () => ({ mode: 'composer', outline: { title: 'T', sections: [{ heading: 'H', cardIds: [] }] } }),
    owned: true,
  },
  '/api/blog-builder/sessions/:id/draft': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: () => ({ mode: 'composer' }),
    owned: true,
  },
  '/api/blog-builder/sessions/:id/revise': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: () => ({ instruction: 'shorter', mode: 'composer' }),
    owned: true,
  },
  '/api/blog-builder/sessions/:id/versions': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: () => ({ draft: { title: 'T', sections: [] } }),
    owned: true,
  },
  '/api/blog-builder/sessions/:id/versions/:number': {
    access: 'user',
    params: () => ({ id: randomUUID(), number: '1' }),
    owned: true,
  },
  '/api/blog-builder/sessions/:id/open': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    owned: true,
  },
  '/api/extractor/extractions': {
    access: 'user',
    // An upload nobody made: the service answers 404 without starting anything.
    body: () => ({ source: { kind: 'upload', sha256: '0'.repeat(64) }, mode: 'preview' }),
  },
  '/api/extractor/extractions/:id': { access: 'user', params: () => ({ id: randomUUID() }), owned: true },
  '/api/extractor/extractions/:id/rerun': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: () => ({ mode: 'document', options: {} }),
    owned: true,
  },
  '/api/extractor/extractions/:id/parts/:index': {
    access: 'user',
    params: () => ({ id: randomUUID(), index: '1' }),
    owned: true,
  },
  '/api/extractor/extractions/:id/download': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    owned: true,
  },
  '/api/extractor/extractions/:id/cards': {
    access: 'user',
    params: () => ({ id: randomUUID() }),
    body: () => ({ visibility: 'private' }),
    owned: true,
  },
  '/api/extractor/usage': { access: 'user' },
  '/api/extractor/uploads': { access: 'user', query: () => 'name=project.zip' },
  '/api/admin/confer/mutes/:key': {
    access: 'admin',
    params: target,
    body: () => ({ until: new Date(Date.now() + 3_600_000).toISOString(), reason: 'Flooding' }),
  },
};

const methodsOf = (route: RouteOptions) => ([] as string[]).concat(route.method) as Method[];

describe('access declared on every route', () => {
  const registered: Registered[] = [];
  const context = {} as TestContext;
  let drop: () => Promise<void>;
  let world: World;

  // Built here rather than by setupTestApp: the route table is collected while the app is built, and the web
  // build must exist before that.
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    context.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-access-'));
    // A small build of the web app, so that its files' routes are in the table too.
    const web = path.join(context.dataDir, 'web');
    await fs.mkdir(path.join(web, 'assets'), { recursive: true });
    await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(web, 'assets', 'app-1.js'), '/* app */');
    context.config = testConfig({
      DATA_DIR: context.dataDir,
      WEB_DIST_DIR: web,
      ADMIN_EMAILS: 'access-admin@example.org',
    });
    context.db = created.db;
    context.app = await buildApp({
      config: context.config,
      db: created.db,
      version: '0.0.0-test',
      // Seen before the access plugin's hook: what each route declared itself, not a default.
      onRoute: (route) => registered.push({ declared: route.config?.auth, route }),
    });
    // A kind of job for the owner to have one: it does nothing, so it ends as soon as a worker takes it.
    context.app.jobs.register({
      kind: 'access-test',
      queue: { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 30 },
      async run() {},
    });
    await context.app.ready();

    const { signUp, request } = people(context, '10.13.0');
    const cards = cardFactory(context);
    const owner = await signUp('Owner');
    const other = await signUp('Other');
    const admin = await signUp('Admin', 'access-admin@example.org');
    // The owner has the instructor role, so starting a course is theirs to do.
    await context.db.pool.query('insert into instructor_grants (profile_key) values ($1)', [owner.id]);
    // And the research centre's editor role, so creating topics and lists is theirs to do too.
    await context.db.pool.query('insert into research_editors (profile_key) values ($1)', [owner.id]);
    const targetHandle = `target_${Date.now().toString(36)}`;
    const targetKey = await cards.author(targetHandle);
    const ok = async (response: Awaited<ReturnType<typeof request>>) => {
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json() as Record<string, string>;
    };
    const newPrivateCard = async () => (await cards.card(owner.id, { visibility: 'private' })).id;
    const newDeck = async () =>
      (
        await ok(
          await request('POST', '/api/play/decks', owner, { name: 'Mine', source: { kind: 'collection' } }),
        )
      ).id!;
    const newChannel = async () =>
      (
        await ok(
          await request('POST', '/api/confer/channels', owner, {
            name: `private-${randomUUID().slice(0, 8)}`,
            private: true,
          }),
        )
      ).id!;
    const channelId = await newChannel();
    const newMessage = async () =>
      (
        await ok(
          await request('POST', `/api/confer/conversations/${channelId}/messages`, owner, {
            clientId: randomUUID(),
            body: 'Only for members',
          }),
        )
      ).id!;
    const newPdf = async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/pdfs',
        payload: await makePaperPdf({ title: `Access ${randomUUID()}` }),
        remoteAddress: owner.address,
        headers: {
          'content-type': 'application/pdf',
          cookie: owner.cookie,
          origin: context.config.PUBLIC_URL,
        },
      });
      return ((await ok(response)) as unknown as { document: { id: string } }).document.id;
    };
    const newPdfCollection = async () =>
      (await ok(await request('POST', '/api/pdfs/collections', owner, { name: `Mine ${randomUUID()}` }))).id!;
    const pdfId = await newPdf();
    const newHighlight = async () =>
      (
        await context.db.pool.query<{ id: string }>(
          `insert into pdf_highlights (document_id, page, color, quote, rects)
           values ($1, 1, 'yellow', 'Some words', '[{"x":1,"y":1,"width":9,"height":9}]') returning id`,
          [pdfId],
        )
      ).rows[0]!.id;
    const newBlogPost = async () => {
      const post = await ok(
        await request('POST', '/api/blog/posts', owner, { title: 'Access', body: 'Words.' }),
      );
      return (await ok(await request('POST', `/api/blog/posts/${post.id}/publish`, owner, {}))).id!;
    };
    const blog = blogFactory(context);
    const postId = (await blog.post(owner.id, { tags: ['access'] })).id;
    const newComment = async () =>
      (await ok(await request('POST', `/api/blog/posts/${postId}/comments`, owner, { body: 'Mine' }))).id!;
    world = {
      owner,
      other,
      admin,
      targetKey,
      targetHandle,
      publicCardId: (await cards.card(owner.id)).id,
      privateCardId: await newPrivateCard(),
      draftCardId: (await ok(await request('POST', '/api/cards', owner, { title: 'Draft' }))).cardId!,
      deckId: await newDeck(),
      channelId,
      messageId: await newMessage(),
      reportId: (await ok(await request('POST', `/api/profiles/${targetKey}/reports`, owner, report))).id!,
      jobId: (await context.app.jobs.start(owner.id, 'access-test', {})).id,
      pdfId,
      postId,
      newComment,
      newHighlight,
      newPrivateCard,
      newDeck,
      newChannel,
      newMessage,
      newPdf,
      newPdfCollection,
      newBlogPost,
    };
  });

  afterAll(async () => {
    await context.app?.close();
    await drop?.();
    if (context.dataDir) await fs.rm(context.dataDir, { recursive: true, force: true });
  });

  it('declares access on every route, except the documented routes of plugins we do not own', () => {
    expect(registered.length).toBeGreaterThan(100);
    const undeclared = registered
      .filter(
        ({ declared, route }) => declared === undefined && !thirdParty.some((t) => t.matches(route.url)),
      )
      .map(({ route }) => `${methodsOf(route).join(',')} ${route.url}`);
    expect(undeclared, 'routes without config: { auth }').toEqual([]);
    for (const { declared, route } of registered) {
      if (declared !== undefined) expect(accessLevels, route.url).toContain(declared);
      // What the hook reads at request time.
      expect(accessLevels, route.url).toContain(route.config?.auth);
    }
  });

  it('refuses a visitor before reading the body, and counts the refusal against the rate limit', async () => {
    // Over the 5 MB upload limit: read first, this would be 413.
    const upload = await context.app.inject({
      method: 'POST',
      url: '/api/files/images',
      payload: Buffer.alloc(6 * 1024 * 1024),
      headers: { 'content-type': 'image/png', origin: context.config.PUBLIC_URL },
      remoteAddress: '10.13.9.1',
    });
    expect(upload.statusCode).toBe(401);
    expect(upload.json().error.code).toBe('auth/unauthenticated');
    // Checkout allows 10 a minute per address; the eleventh refused visitor meets the limit first.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { origin: context.config.PUBLIC_URL },
        remoteAddress: '10.13.9.2',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('has a fixture for every route, and none for a route that is gone', () => {
    const urls = new Set(registered.map(({ route }) => route.url));
    const missing = [...urls].filter((url) => !(url in fixtures));
    expect(missing, 'add these paths to `fixtures` in server/plugins/access.test.ts').toEqual([]);
    expect(Object.keys(fixtures).filter((url) => !urls.has(url))).toEqual([]);
  });

  it('answers every route as its declaration says: anonymous, another person, the owner, an administrator', async () => {
    const failures: string[] = [];
    const sessionReads = vi.spyOn(context.app.auth.api, 'getSession');
    for (const { route } of registered) {
      const fixture = fixtures[route.url];
      if (!fixture) continue;
      for (const method of methodsOf(route)) {
        // The expectations come from this file's table, so a route declared more open than it is fails here
        // even when its handler would not notice (an upload that never reads who sent it).
        const level =
          typeof fixture.access === 'string'
            ? fixture.access
            : fixture.access[method === 'HEAD' ? 'GET' : method];
        if (route.config?.auth !== level)
          failures.push(
            `${method} ${route.url} declares ${String(route.config?.auth)}, the table says ${level}`,
          );
        const params = (await fixture.params?.(world)) ?? {};
        const url =
          route.url.replace(/:(\w+)|\*/g, (name, key: string | undefined) =>
            encodeURIComponent(params[key ?? '*'] ?? name),
          ) + (fixture.query ? `?${fixture.query(world)}` : '');
        const owned = fixture.owned ?? false;
        const call = async (person: Person | undefined) => {
          const body = method === 'GET' || method === 'HEAD' ? undefined : fixture.body?.(world);
          sessionReads.mockClear();
          const response = await context.app.inject({
            method,
            url,
            ...(body ? { payload: body } : {}),
            ...(person ? { remoteAddress: person.address } : {}),
            headers: { ...(person ? { cookie: person.cookie } : {}), origin: context.config.PUBLIC_URL },
          });
          // A URL that matches no route would make every check below pass for the wrong reason.
          if (response.statusCode === 404 && response.body.includes('common/route-not-found'))
            failures.push(`${method} ${url}: no route answers it; fix its fixture`);
          // Public routes never read the session; the others read it at most once.
          const reads = sessionReads.mock.calls.length;
          if (level === 'public' ? reads > 0 : reads > 1)
            failures.push(
              `${method} ${url} as ${person ? 'someone' : 'anonymous'} read the session ${reads} times`,
            );
          return response.statusCode;
        };
        const where = `${method} ${url} (${level}${owned ? ', owned' : ''})`;
        const expectThat = (who: string, status: number, good: boolean, wanted: string) => {
          if (!good) failures.push(`${where} as ${who}: ${status}, expected ${wanted}`);
        };
        // The owner goes last, so a route that changes or removes something is checked on it first by others.
        const anonymous = await call(undefined);
        const other = await call(world.other);
        const admin = await call(world.admin);
        const owner = await call(world.owner);
        for (const [who, status] of [
          ['anonymous', anonymous],
          ['another person', other],
          ['the administrator', admin],
          ['the owner', owner],
        ] as const) {
          expectThat(who, status, status !== 500, 'no internal error');
        }
        if (level === 'user' || level === 'admin')
          expectThat('anonymous', anonymous, anonymous === 401, '401');
        else expectThat('anonymous', anonymous, anonymous !== 401, 'not 401');
        if (owned && level !== 'admin') {
          expectThat('anonymous', anonymous, [401, 403, 404].includes(anonymous), '401, 403 or 404');
          expectThat('another person', other, other === 403 || other === 404, '403 or 404');
        }
        if (level === 'admin') {
          expectThat('another person', other, other === 403, '403');
          expectThat('the owner', owner, owner === 403, '403');
          expectThat('the administrator', admin, admin !== 401 && admin !== 403, 'not 401 or 403');
        } else {
          expectThat('another person', other, other !== 401, 'not 401');
          expectThat('the administrator', admin, admin !== 401, 'not 401');
          expectThat('the owner', owner, owner !== 401 && owner !== 403, 'not 401 or 403');
        }
      }
    }
    sessionReads.mockRestore();
    expect(failures).toEqual([]);
  });
});

describe('the access plugin', () => {
  it('refuses to register a route that declares no access, or an unknown level', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow(/declares no access/);
    expect(() =>
      app.get('/api/mistyped', { config: { auth: 'users' as Access } }, async () => 'open'),
    ).toThrow(/not one of/);
    await app.close();
  });

  it('fails, as an internal error, a handler that asks for the user on a route that does not require one', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    app.get('/api/optional', { config: { auth: 'optional' } }, async (request) => signedInUser(request).id);
    const response = await app.inject({ method: 'GET', url: '/api/optional' });
    expect(response.statusCode).toBe(500);
    await app.close();
  });
});
