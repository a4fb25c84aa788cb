import { useCallback, useMemo } from 'react';
import { normalizeTitle } from '../../../contracts/card-text.ts';
import type { StudyFace, StudyItem } from '../../../contracts/play.ts';
import { Markdown, type LinkResolver } from '../../components/markdown/markdown.tsx';

/** `[[Title]]` → the linked card's page, among the links the server resolved for the item. */
export function useItemLinks(links: StudyItem['links']): LinkResolver {
  const byTitle = useMemo(() => new Map(links.map((link) => [normalizeTitle(link.title), link])), [links]);
  return useCallback(
    (title: string) => {
      const link = byTitle.get(normalizeTitle(title));
      return link ? { href: `/cards/${link.id}`, title: link.title } : null;
    },
    [byTitle],
  );
}

/** One side of a study item, with its cloze deletion hidden or marked as the server says. */
export function StudyFaceView({ face, links }: { face: StudyFace; links: LinkResolver }) {
  return face.cloze ? (
    <Markdown source={face.markdown} links={links} cloze={face.cloze} />
  ) : (
    <Markdown source={face.markdown} links={links} />
  );
}
