/** The classroom's pages, addressed the same way wherever they are linked from. */

/** A course's page: `/classroom/classes/:slug`. */
export function coursePagePath(slug: string): string {
  return `/classroom/classes/${encodeURIComponent(slug)}`;
}

/** A lesson's page: `/classroom/classes/:slug/lessons/:lesson`. */
export function lessonPagePath(slug: string, lesson: string): string {
  return `${coursePagePath(slug)}/lessons/${encodeURIComponent(lesson)}`;
}

/** A certificate of completion: `/classroom/certificates/:id`. */
export function certificatePagePath(id: string): string {
  return `/classroom/certificates/${encodeURIComponent(id)}`;
}

/** The page a finished course leads to: `/classroom/classes/:slug/completed`. */
export function completionPagePath(slug: string): string {
  return `${coursePagePath(slug)}/completed`;
}

/**
 * A course's deck in Play: `/play/decks/:deckId`. Play keeps its own builder; the classroom links the deck by
 * the same address without reaching into that feature.
 */
export function courseDeckPagePath(deckId: string): string {
  return `/play/decks/${encodeURIComponent(deckId)}`;
}

// The instructor's pages: the teaching list, a course's editor and its class view.

/** The courses the person teaches: `/classroom/teaching`. */
export const teachingPagePath = '/classroom/teaching';

/** A course's editor: `/classroom/classes/:slug/edit`. */
export function courseEditorPath(slug: string): string {
  return `${coursePagePath(slug)}/edit`;
}

/** A course's class view: `/classroom/classes/:slug/class`. */
export function classViewPath(slug: string): string {
  return `${coursePagePath(slug)}/class`;
}

/**
 * A course's discussion: its private channel in Confer, `/confer?c=:channelId`. Confer keeps its own pages; the
 * classroom links the channel by the address Confer reads without reaching into that feature.
 */
export function courseDiscussionPath(channelId: string): string {
  return `/confer?${new URLSearchParams({ c: channelId }).toString()}`;
}
