import type { PaperSummary, ReadingList, ReadingListInput } from '../../../../contracts/research.ts';

/** A reading list as its editor changes it: papers in order, each with the note on why to read it. */
export interface ReadingListDraft {
  slug: string;
  title: string;
  description: string;
  items: { paper: PaperSummary; note: string }[];
}

/** A list's address from its title: "Start here: the foundations" → "start-here-the-foundations". */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
}

/** The draft of a saved list, or of a new, empty one. */
export function draftOf(list?: ReadingList): ReadingListDraft {
  if (!list) return { slug: '', title: '', description: '', items: [] };
  return {
    slug: list.slug,
    title: list.title,
    description: list.description,
    items: list.items.map((item) => ({ paper: item.paper, note: item.note })),
  };
}

/** What the API takes; a new list's address follows its title. */
export function inputOf(draft: ReadingListDraft): ReadingListInput {
  return {
    slug: draft.slug || slugFromTitle(draft.title),
    title: draft.title.trim(),
    description: draft.description,
    items: draft.items.map((item) => ({ paperId: item.paper.id, note: item.note.trim() })),
  };
}

/** `items` with the one at `index` moved `by` places (−1 up, +1 down); unchanged when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as T);
  return next;
}
