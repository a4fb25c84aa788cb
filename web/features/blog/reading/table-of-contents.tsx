import { useEffect, useId, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

/** A section of the post, as its heading says. */
export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/** The sections of the rendered text in `root`: its h2 and h3 that carry the renderer's ids. */
export function tocEntriesOf(root: ParentNode): TocEntry[] {
  return [...root.querySelectorAll<HTMLHeadingElement>('h2[id^="section-"], h3[id^="section-"]')].map(
    (heading) => ({
      id: heading.id,
      text: heading.textContent?.trim() ?? '',
      level: heading.tagName === 'H2' ? 2 : 3,
    }),
  );
}

/**
 * The section being read: the first heading in the top part of the window, else the last one that passed
 * above it. The observer is made and dropped with the headings, so StrictMode's second run leaves one.
 */
export function useActiveHeading(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join('\n');
  useEffect(() => {
    const elements = key
      .split('\n')
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target);
          else visible.delete(entry.target);
        }
        const first = elements.find((element) => visible.has(element));
        if (first) setActive(first.id);
      },
      // The top third of the window: a heading counts as "being read" once it reaches there.
      { rootMargin: '0px 0px -66% 0px' },
    );
    for (const element of elements) observer.observe(element);
    return () => observer.disconnect();
  }, [key]);
  return active;
}

function Entries({ entries, active }: { entries: readonly TocEntry[]; active: string | null }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => {
        const current = entry.id === active;
        return (
          <Box component="li" key={entry.id} sx={{ pl: entry.level === 3 ? 2 : 0, py: 0.25 }}>
            <Link
              href={`#${entry.id}`}
              aria-current={current ? 'location' : undefined}
              underline="hover"
              sx={{
                display: 'flex',
                alignItems: 'center',
                // A finger-sized target on a phone, where the contents open as a list of their own.
                minHeight: { xs: 44, sm: 'auto' },
                borderLeft: 3,
                borderColor: current ? 'primary.main' : 'transparent',
                pl: 1,
                fontWeight: current ? 600 : 400,
                color: current ? 'primary.main' : 'text.primary',
              }}
            >
              {entry.text}
            </Link>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The post's contents: a sticky side column on a wide screen, a collapsed "Contents" above the text on a
 * narrow one. The section being read is marked (`aria-current`).
 */
export function TableOfContents({ entries, wide }: { entries: readonly TocEntry[]; wide: boolean }) {
  const titleId = useId();
  const active = useActiveHeading(entries.map((entry) => entry.id));
  if (entries.length === 0) return null;
  if (wide)
    return (
      <Box
        component="nav"
        aria-labelledby={titleId}
        sx={{ position: 'sticky', top: 88, maxHeight: 'calc(100vh - 104px)', overflowY: 'auto' }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          Contents
        </Typography>
        <Entries entries={entries} active={active} />
      </Box>
    );
  return (
    <Box component="nav" aria-label="Contents" sx={{ my: 2 }}>
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            Contents
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Entries entries={entries} active={active} />
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
