import type { EditablePost, MyPost, PostRevision } from '../../../../contracts/blog.ts';

/** Ids the blog editor's tests use. */
export const postIds = {
  draft: '5b0c2a9e-3f1d-4c6e-9a7b-2d8e4f6a1c01',
  live: '5b0c2a9e-3f1d-4c6e-9a7b-2d8e4f6a1c02',
  scheduled: '5b0c2a9e-3f1d-4c6e-9a7b-2d8e4f6a1c03',
  fresh: '5b0c2a9e-3f1d-4c6e-9a7b-2d8e4f6a1c04',
};

/** A draft at revision 3, never published, last saved on 1 March 2026. */
export function editablePostFixture(overrides: Partial<EditablePost> = {}): EditablePost {
  return {
    id: postIds.draft,
    title: 'Spaced repetition',
    body: 'Review just before you forget.',
    excerpt: '',
    seoDescription: '',
    coverURL: null,
    coverAlt: '',
    tags: ['memory'],
    seriesTitle: null,
    slug: 'spaced-repetition',
    revision: 3,
    updatedAt: '2026-03-01T10:00:00.000Z',
    status: 'draft',
    scheduledFor: null,
    publishedAt: null,
    liveSlug: null,
    hasUnpublishedChanges: false,
    featured: false,
    ...overrides,
  };
}

/** A row of `/blog/write`. */
export function myPostFixture(overrides: Partial<MyPost> = {}): MyPost {
  return {
    id: postIds.draft,
    title: 'Spaced repetition',
    slug: 'spaced-repetition',
    liveSlug: null,
    status: 'draft',
    scheduledFor: null,
    publishedAt: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    hasUnpublishedChanges: false,
    likes: 0,
    comments: 0,
    ...overrides,
  };
}

/** A kept revision of the draft. */
export function revisionFixture(overrides: Partial<PostRevision> = {}): PostRevision {
  return {
    number: 2,
    reason: 'autosave',
    createdAt: '2026-02-28T09:00:00.000Z',
    title: 'Spacing',
    body: 'Review before you forget.',
    excerpt: '',
    seoDescription: '',
    coverURL: null,
    coverAlt: '',
    tags: ['memory'],
    seriesTitle: null,
    slug: 'spacing',
    ...overrides,
  };
}
