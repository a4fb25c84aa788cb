import type { BlogAuthor, BlogComment, Post, PostList, PostSummary } from '../../../../contracts/blog.ts';
import type { ProfileSummary } from '../../../../contracts/profiles.ts';

/** Test data for the blog's reading pages, shaped by the contracts. */

export const ada: ProfileSummary = {
  key: 'ada-key',
  handle: 'ada',
  displayName: 'Ada Lovelace',
  photoURL: null,
  rank: 'A',
  isSubscribed: false,
};

export const grace: ProfileSummary = {
  key: 'u-1',
  handle: 'grace',
  displayName: 'Grace Hopper',
  photoURL: null,
  rank: 'B',
  isSubscribed: false,
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A post in a list; `n` makes its id, slug and title. */
export function summaryFixture(n: number, overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    id: uuid(n),
    slug: `post-${n}`,
    title: `Post number ${n}`,
    excerpt: `What post ${n} is about.`,
    coverURL: `https://images.example/${n}.png`,
    coverAlt: `Cover of post ${n}`,
    tags: ['graphs'],
    series: null,
    author: ada,
    publishedAt: '2026-03-03T10:00:00.000Z',
    readingMinutes: 4,
    featured: false,
    likes: 2,
    comments: 1,
    ...overrides,
  };
}

export function listFixture(items: PostSummary[], overrides: Partial<PostList> = {}): PostList {
  return { items, page: 1, pageCount: 1, total: items.length, ...overrides };
}

export const facetsFixture = {
  tags: [
    { tag: 'graphs', posts: 3 },
    { tag: 'math', posts: 1 },
  ],
  authors: [{ author: ada, posts: 4 }],
  series: [{ slug: 'learning-graphs', title: 'Learning graphs', posts: 2 }],
};

export const postBody = [
  'Opening words.',
  '',
  '## Why graphs',
  '',
  'Because they link.',
  '',
  '### A detail',
  '',
  'Smaller.',
  '',
  '## How to start',
  '',
  'With $x^2$ and code.',
].join('\n');

/** A post to read; the reader is signed out unless overrides say otherwise. */
export function postFixture(overrides: Partial<Post> = {}): Post {
  return {
    ...summaryFixture(1),
    slug: 'why-graphs',
    title: 'Why graphs matter',
    body: postBody,
    excerptWritten: true,
    seoDescription: '',
    updatedAt: '2026-03-03T10:00:00.000Z',
    series: {
      slug: 'learning-graphs',
      title: 'Learning graphs',
      posts: [
        { slug: 'graphs-intro', title: 'Graphs, an introduction', position: 1 },
        { slug: 'why-graphs', title: 'Why graphs matter', position: 2 },
        { slug: 'graph-search', title: 'Searching graphs', position: 3 },
      ],
    },
    authorFollowers: 10,
    likedByViewer: false,
    followsAuthor: false,
    canEdit: false,
    canModerate: false,
    ...overrides,
  };
}

export function commentFixture(n: number, overrides: Partial<BlogComment> = {}): BlogComment {
  return {
    id: uuid(100 + n),
    parentId: null,
    author: ada,
    body: `Comment ${n} text`,
    createdAt: '2026-03-04T10:00:00.000Z',
    editedAt: null,
    state: 'visible',
    canDelete: false,
    ...overrides,
  };
}

export function authorFixture(overrides: Partial<BlogAuthor> = {}): BlogAuthor {
  return {
    author: ada,
    bio: 'Writes about engines.',
    followers: 7,
    followsAuthor: false,
    posts: 4,
    ...overrides,
  };
}

/** The comment id `commentFixture(n)` gets. */
export const commentId = (n: number) => uuid(100 + n);
