import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { normalizeTitle, parseWikiLinks } from '../../../contracts/card-text.ts';
import { CitedMarkdown as Markdown } from '../../components/markdown/cited-markdown.tsx';
import type { ResolvedLink } from '../../components/markdown/markdown.tsx';
import { suggestTitles } from './api.ts';
import type { BuilderContent } from './content.ts';

/** At most this many titles are looked up per pause in typing; the rest wait for the next one. */
const lookupsPerPass = 10;

/**
 * Resolves the `[[links]]` in `body` through the titles endpoint, a few at a time after typing pauses, and
 * remembers every answer. A title not found (yet) shows as a link that offers to create the card.
 */
function useWikiLinkResolver(body: string) {
  const [known, setKnown] = useState<ReadonlyMap<string, ResolvedLink | null>>(new Map());

  useEffect(() => {
    const wanted = [...new Set(parseWikiLinks(body).map((link) => link.title)).values()].filter(
      (title) => !known.has(normalizeTitle(title)),
    );
    if (wanted.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void (async () => {
        const found = new Map<string, ResolvedLink | null>();
        for (const title of wanted.slice(0, lookupsPerPass)) {
          try {
            const items = await suggestTitles(title, controller.signal);
            const key = normalizeTitle(title);
            const match = items.find((item) => normalizeTitle(item.title) === key);
            found.set(key, match ? { href: `/cards/${match.id}`, title: match.title } : null);
          } catch {
            // Offline or cancelled: the link stays as written until the next pass.
            break;
          }
        }
        if (found.size > 0 && !controller.signal.aborted)
          setKnown((previous) => new Map([...previous, ...found]));
      })();
    }, 600);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, known]);

  return useCallback((title: string) => known.get(normalizeTitle(title)) ?? null, [known]);
}

/**
 * The card as readers will see it, rendered by the shared Markdown renderer: the cover, the title, the text
 * (and a flashcard's two sides), following the editor a moment behind so typing never waits for it.
 */
export function CardPreview({ content }: { content: BuilderContent }) {
  const body = useDeferredValue(content.body);
  const front = useDeferredValue(content.fields.front);
  const back = useDeferredValue(content.fields.back);
  const links = useWikiLinkResolver(body);
  const empty = !body.trim() && !(content.type === 'flashcard' && (front.trim() || back.trim()));

  return (
    <Box>
      {content.coverURL ? (
        <Box
          component="img"
          src={content.coverURL}
          alt=""
          sx={{ display: 'block', width: '100%', maxHeight: 260, objectFit: 'cover', borderRadius: 1, mb: 2 }}
        />
      ) : null}
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, mb: 2 }}>
        {content.title.trim() || 'Untitled card'}
      </Typography>
      {content.type === 'flashcard' ? (
        <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
          {[
            ['Front', front],
            ['Back', back],
          ].map(([side, text]) => (
            <Box key={side} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Typography variant="overline" component="p" color="text.secondary">
                {side}
              </Typography>
              <Markdown source={text ?? ''} links={links} />
            </Box>
          ))}
        </Box>
      ) : null}
      {empty ? (
        <Typography color="text.secondary">The preview shows here as you write.</Typography>
      ) : (
        <Markdown source={body} links={links} />
      )}
    </Box>
  );
}
