import { describe, expect, it } from 'vitest';
import { courseDraftContentSchema } from '../../../../contracts/classroom-authoring.ts';
import type { CourseContent } from '../../../../contracts/classroom.ts';
import {
  canonicalJSON,
  draftOf,
  hasUnpublishedChanges,
  publishProblems,
  requirementCycles,
  starterDraft,
} from './rules.ts';

const lesson = (slug: string, requires: string[] = [], cards: string[] = []) => ({
  source: { slug, title: slug.toUpperCase(), requires, cards, body: 'Text.' },
  quiz: [],
});

describe('authoring rules', () => {
  it('starts a course with a draft that passes the draft schema', () => {
    const draft = starterDraft({ slug: 'graphs', title: 'Graphs' }, 'ada_l');
    expect(courseDraftContentSchema.safeParse(draft).success).toBe(true);
    expect(draft.course.instructors).toEqual(['ada_l']);
    expect(draft.lessons.map((item) => item.source.slug)).toEqual(['introduction']);
  });

  it('writes JSON with sorted keys at every depth, arrays kept in order', () => {
    expect(canonicalJSON({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });

  it('finds each loop of requirements once, ignoring lessons that do not exist', () => {
    expect(
      requirementCycles([
        { slug: 'a', requires: ['c'] },
        { slug: 'b', requires: ['a', 'ghost'] },
        { slug: 'c', requires: ['b'] },
        { slug: 'd', requires: ['d2'] },
        { slug: 'd2', requires: [] },
      ]),
    ).toEqual([['a', 'c', 'b']]);
    expect(requirementCycles([{ slug: 'a', requires: [] }])).toEqual([]);
  });

  it('tells a draft from its published version whatever the key order, and renamed cards by id', () => {
    const published: CourseContent = {
      course: starterDraft({ slug: 'graphs', title: 'Graphs' }, 'ada_l').course,
      lessons: [{ ...lesson('introduction', [], ['Old title']), cardIds: ['id-1'] }],
    };
    // Every object's keys in reverse order, as jsonb may hand them back in another order than written.
    const same = JSON.parse(JSON.stringify(draftOf(published)), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    ) as ReturnType<typeof draftOf>;
    expect(JSON.stringify(same)).not.toBe(JSON.stringify(draftOf(published)));
    expect(hasUnpublishedChanges(same, published)).toBe(false);
    expect(hasUnpublishedChanges(same, undefined)).toBe(true);
    const renamed = draftOf(published, (id) => (id === 'id-1' ? 'New title' : undefined));
    expect(renamed.lessons[0]!.source.cards).toEqual(['New title']);
    expect(hasUnpublishedChanges(renamed, published)).toBe(true);
  });

  it('names every problem of a draft by its path', () => {
    const draft = starterDraft({ slug: 'graphs', title: 'Graphs' }, 'ada_l');
    draft.course.modules = [{ title: 'One', lessons: ['a', 'b', 'missing'] }];
    draft.course.instructors = ['ada_l', 'ghost'];
    draft.course.recommendedBefore = ['trees', 'unpublished', 'graphs'];
    draft.lessons = [lesson('a', ['b']), lesson('b', ['a', 'nowhere'], ['Known', 'Unknown']), lesson('c')];
    expect(
      publishProblems(draft, {
        cardExists: (title) => title === 'Known',
        handleExists: (handle) => handle === 'ada_l',
        // The course itself is published too: recommending it is refused all the same.
        courseExists: (slug) => slug === 'trees' || slug === 'graphs',
      }),
    ).toEqual([
      { path: 'content.course.modules.0.lessons.2', message: 'There is no lesson “missing” in the course' },
      { path: 'content.lessons.1.source.requires.1', message: 'There is no lesson “nowhere” in the course' },
      { path: 'content.lessons.1.source.cards.1', message: 'No public card is titled “Unknown”' },
      { path: 'content.lessons.2.source.slug', message: 'The lesson “c” is in no module' },
      {
        path: 'content.lessons.0.source.requires',
        message: 'These lessons require each other in a loop: “a” → “b” → “a”',
      },
      {
        path: 'content.lessons.1.source.requires',
        message: 'These lessons require each other in a loop: “a” → “b” → “a”',
      },
      { path: 'content.course.instructors.1', message: 'Nobody has the handle @ghost' },
      {
        path: 'content.course.recommendedBefore.1',
        message: 'No published course has the address “unpublished”',
      },
      {
        path: 'content.course.recommendedBefore.2',
        message: 'A course cannot be recommended before itself',
      },
    ]);
  });
});
