import { normalizeTitle } from '../../../contracts/card-text.ts';
import type { ClassroomRepository } from './repository.ts';

/**
 * The public (listed) card each title names, by normalized title; titles no public card has are missing.
 * Where two public cards share a title, the first published is the one a course means (oldest first).
 */
export async function cardIdsByTitle(
  repository: Pick<ClassroomRepository, 'listedCardsTitled'>,
  titles: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const card of await repository.listedCardsTitled([...new Set(titles)])) {
    const title = normalizeTitle(card.title);
    if (!found.has(title)) found.set(title, card.id);
  }
  return found;
}

/** The id of the card a title names in a map made by `cardIdsByTitle`, or undefined. */
export const cardIdOf = (found: ReadonlyMap<string, string>, title: string) =>
  found.get(normalizeTitle(title));
