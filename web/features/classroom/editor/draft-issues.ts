import {
  courseDraftContentSchema,
  type CourseDraftContent,
} from '../../../../contracts/classroom-authoring.ts';

/** A problem with the draft, said in words: where it is ("Lesson 3 · cards") and what is wrong. */
export interface DraftIssue {
  place: string;
  message: string;
}

/**
 * Where a path into the content points, in words: `lessons.2.quiz.0.variants.1.prompt` is
 * "Lesson 3 (Scheduling) · question 1 · variant 2 · prompt". The server's paths may start with `content`.
 */
export function placeOf(path: readonly PropertyKey[] | string, content: CourseDraftContent): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((part) => part !== '');
  if (parts[0] === 'content') parts.shift();
  const words: string[] = [];
  const [area, ...rest] = parts;
  if (area === 'course') {
    if (rest[0] === 'modules' && rest[1] !== undefined && /^\d+$/.test(rest[1])) {
      const index = Number(rest[1]);
      const title = content.course.modules[index]?.title;
      words.push(`Module ${index + 1}${title ? ` (${title})` : ''}`, ...rest.slice(2).filter(notIndex));
    } else {
      words.push('Course details', ...rest.filter(notIndex));
    }
  } else if (area === 'lessons' && rest[0] !== undefined && /^\d+$/.test(rest[0])) {
    const index = Number(rest[0]);
    const title = content.lessons[index]?.source.title;
    words.push(`Lesson ${index + 1}${title ? ` (${title})` : ''}`);
    const inner = rest.slice(1);
    if (inner[0] === 'source') words.push(...inner.slice(1).filter(notIndex));
    else if (inner[0] === 'quiz') {
      if (inner[1] !== undefined && /^\d+$/.test(inner[1])) words.push(`question ${Number(inner[1]) + 1}`);
      else words.push('questions');
      if (inner[2] === 'variants' && inner[3] !== undefined && /^\d+$/.test(inner[3])) {
        words.push(`variant ${Number(inner[3]) + 1}`);
        const field = inner.slice(4);
        if (field[0] === 'options' && field[1] !== undefined && /^\d+$/.test(field[1])) {
          words.push(`option ${String.fromCharCode(97 + Number(field[1]))}`, ...field.slice(2));
        } else words.push(...field.filter(notIndex));
      } else words.push(...inner.slice(2).filter(notIndex));
    }
  } else if (area === 'lessons') {
    words.push('Lessons');
  } else {
    words.push('Course', ...parts.filter(notIndex));
  }
  return words.map((word) => fieldWords[word] ?? word).join(' · ');
}

// Field names that read differently from the contract's.
const fieldWords: Record<string, string> = {
  estimatedHours: 'estimated hours',
  cover: 'cover image',
  recommendedBefore: 'recommended first',
};

function notIndex(part: string): boolean {
  return !/^\d+$/.test(part);
}

/** What keeps the draft from being saved, checked with the contract; empty when it can be sent. */
export function draftIssues(content: CourseDraftContent): DraftIssue[] {
  const result = courseDraftContentSchema.safeParse(content);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    place: placeOf(issue.path, content),
    message: issue.message,
  }));
}
