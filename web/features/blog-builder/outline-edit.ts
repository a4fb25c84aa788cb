import type { BuilderOutline } from '../../../contracts/blog-builder.ts';

/** The outline with section `index` moved by `by` places (−1 up, +1 down); unchanged at either end. */
export function moveSection(outline: BuilderOutline, index: number, by: -1 | 1): BuilderOutline {
  const target = index + by;
  if (target < 0 || target >= outline.sections.length) return outline;
  const sections = [...outline.sections];
  const [moved] = sections.splice(index, 1);
  if (moved) sections.splice(target, 0, moved);
  return { ...outline, sections };
}

/** The outline with section `index` changed by `change`. */
export function updateSection(
  outline: BuilderOutline,
  index: number,
  change: (section: BuilderOutline['sections'][number]) => BuilderOutline['sections'][number],
): BuilderOutline {
  return {
    ...outline,
    sections: outline.sections.map((section, at) => (at === index ? change(section) : section)),
  };
}

/** What is wrong with the outline before it can be saved, in words; null when it is fine. */
export function outlineProblem(outline: BuilderOutline): string | null {
  if (outline.title.trim() === '') return 'Give the post a title.';
  if (outline.sections.length === 0) return 'Add at least one section.';
  if (outline.sections.length > 20) return 'At most 20 sections.';
  if (outline.sections.some((section) => section.heading.trim() === ''))
    return 'Give every section a heading.';
  return null;
}
