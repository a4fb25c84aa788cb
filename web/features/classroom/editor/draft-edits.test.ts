import { describe, expect, it } from 'vitest';
import { draftContentFixture } from '../../../test/authoring-fixtures.ts';
import { addLesson, moveItem, moveLesson, removeLesson, removeModule, updateLesson } from './draft-edits.ts';
import { draftIssues, placeOf } from './draft-issues.ts';

const slugs = (content: ReturnType<typeof draftContentFixture>) => content.lessons.map((l) => l.source.slug);

describe('editing a course draft', () => {
  it('moves a lesson across the edge of its module, keeping the lessons in course order', () => {
    const moved = moveLesson(draftContentFixture(), 'forgetting-curve', 1);
    expect(moved.course.modules.map((m) => m.lessons)).toEqual([
      ['intro'],
      ['forgetting-curve', 'scheduling'],
    ]);
    const back = moveLesson(moved, 'scheduling', -1);
    expect(back.course.modules.map((m) => m.lessons)).toEqual([
      ['intro'],
      ['scheduling', 'forgetting-curve'],
    ]);
    expect(slugs(back)).toEqual(['intro', 'scheduling', 'forgetting-curve']);
    expect(moveLesson(back, 'intro', -1)).toBe(back);
  });

  it('adds a lesson with a fresh slug and removes one everywhere', () => {
    const added = addLesson(draftContentFixture(), 0);
    expect(added.course.modules[0]?.lessons).toEqual(['intro', 'forgetting-curve', 'lesson-1']);
    expect(slugs(added)).toEqual(['intro', 'forgetting-curve', 'lesson-1', 'scheduling']);
    const removed = removeLesson(added, 'forgetting-curve');
    expect(removed.course.modules.map((m) => m.lessons)).toEqual([['intro', 'lesson-1'], ['scheduling']]);
    expect(removed.lessons.find((l) => l.source.slug === 'scheduling')?.source.requires).toEqual([]);
  });

  it('gives a removed module’s lessons to the one before it', () => {
    const content = removeModule(draftContentFixture(), 1);
    expect(content.course.modules).toEqual([
      { title: 'Spacing', lessons: ['intro', 'forgetting-curve', 'scheduling'] },
    ]);
  });

  it('carries a new slug to the module and to the lessons that require it', () => {
    const content = draftContentFixture();
    const lesson = content.lessons[1];
    if (!lesson) throw new Error('fixture');
    const renamed = updateLesson(content, 1, { ...lesson, source: { ...lesson.source, slug: 'curve' } });
    expect(renamed.course.modules[0]?.lessons).toEqual(['intro', 'curve']);
    expect(renamed.lessons[2]?.source.requires).toEqual(['curve']);
  });

  it('moves items of a list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('problems with a draft, in words', () => {
  it('names the lesson, question and variant a path points at', () => {
    const content = draftContentFixture();
    expect(placeOf('lessons.2.source.cards', content)).toBe('Lesson 3 (Scheduling reviews) · cards');
    expect(placeOf('content.lessons.1.quiz.0.variants.0.options.1.text', content)).toBe(
      'Lesson 2 (The forgetting curve) · question 1 · variant 1 · option b · text',
    );
    expect(placeOf(['course', 'modules', 1, 'title'], content)).toBe('Module 2 (Practice) · title');
    expect(placeOf(['course', 'topics', 0], content)).toBe('Course details · topics');
  });

  it('finds none in a good draft and each in a bad one', () => {
    expect(draftIssues(draftContentFixture())).toEqual([]);
    const content = draftContentFixture();
    content.course.title = ' ';
    content.course.estimatedHours = Number.NaN;
    expect(draftIssues(content).map((issue) => issue.place)).toEqual([
      'Course details · title',
      'Course details · estimated hours',
    ]);
  });
});
