import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { clozeIndexes, normalizeTitle } from '../../../contracts/card-text.ts';
import type { Card } from '../../../contracts/cards.ts';
import { CitedMarkdown as Markdown } from '../../components/markdown/cited-markdown.tsx';
import type { LinkResolver } from '../../components/markdown/markdown.tsx';
import { DefinitionList } from '../../components/definition-list.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { clozeWithHidden } from './cloze.ts';

/** `[[Title]]` → the linked card's page, matched by normalised title among the links the server resolved. */
function useLinkResolver(links: Card['links']): LinkResolver {
  const byTitle = useMemo(() => new Map(links.map((link) => [normalizeTitle(link.title), link])), [links]);
  return useCallback(
    (title: string) => {
      const link = byTitle.get(normalizeTitle(title));
      return link ? { href: `/cards/${link.id}`, title: link.title } : null;
    },
    [byTitle],
  );
}

/** A link that leaves CARD WEB: a new tab, no referrer, and said so for screen readers. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Front, then the back behind "Show answer", as a study card is used. */
function Flashcard({ card, links }: { card: Card; links: LinkResolver }) {
  const [shown, setShown] = useState(false);
  const backId = useId();
  return (
    <>
      <Section title="Front">
        <Markdown source={card.fields.front ?? ''} links={links} />
      </Section>
      <Button
        variant={shown ? 'outlined' : 'contained'}
        aria-expanded={shown}
        aria-controls={backId}
        onClick={() => setShown((value) => !value)}
        sx={{ mt: 2 }}
      >
        {shown ? 'Hide answer' : 'Show answer'}
      </Button>
      <Box id={backId} hidden={!shown}>
        {shown ? (
          <Section title="Back">
            <Markdown source={card.fields.back ?? ''} links={links} />
          </Section>
        ) : null}
      </Box>
      {card.body.trim() ? (
        <Section title="Notes">
          <Markdown source={card.body} links={links} />
        </Section>
      ) : null}
    </>
  );
}

/** The text with every deletion hidden at first; each can be revealed on its own, or all at once. */
function Cloze({ card, links }: { card: Card; links: LinkResolver }) {
  const indexes = useMemo(() => clozeIndexes(card.body), [card.body]);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  const hidden = useMemo(() => new Set(indexes.filter((index) => !revealed.has(index))), [indexes, revealed]);
  const source = useMemo(() => clozeWithHidden(card.body, hidden), [card.body, hidden]);
  const toggle = (index: number) =>
    setRevealed((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const allShown = hidden.size === 0;

  return (
    <>
      <Markdown source={source} links={links} cloze={{ hide: allShown ? 'none' : 1, highlight: 'all' }} />
      {indexes.length > 0 ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', mt: 2 }}
          role="group"
          aria-label="Hidden parts"
        >
          {indexes.map((index) => (
            <Button key={index} size="small" variant="outlined" onClick={() => toggle(index)}>
              {revealed.has(index) ? `Hide ${index}` : `Reveal ${index}`}
            </Button>
          ))}
          <Button
            size="small"
            variant="contained"
            onClick={() => setRevealed(allShown ? new Set() : new Set(indexes))}
          >
            {allShown ? 'Hide all' : 'Reveal all'}
          </Button>
        </Stack>
      ) : null}
    </>
  );
}

function Paper({ card }: { card: Card }) {
  const { authors, year, doi, url } = card.fields;
  const rows: [string, ReactNode][] = [];
  if (authors?.length) rows.push(['Authors', authors.join(', ')]);
  if (year) rows.push(['Year', String(year)]);
  if (doi) rows.push(['DOI', <ExternalLink href={`https://doi.org/${doi}`}>{doi}</ExternalLink>]);
  if (url) rows.push(['Web address', <ExternalLink href={url}>{url}</ExternalLink>]);
  if (rows.length === 0) return null;
  return <DefinitionList rows={rows} sx={{ my: 2 }} />;
}

/**
 * The card's text as its type is read: a note's Markdown; a flashcard's front with the answer behind a
 * button; cloze deletions hidden until revealed; a paper's reference; a link's address first; a code card's
 * language. Wiki links go to the linked cards' pages.
 */
export function CardContent({ card }: { card: Card }) {
  const links = useLinkResolver(card.links);
  switch (card.type) {
    case 'flashcard':
      return <Flashcard card={card} links={links} />;
    case 'cloze':
      return <Cloze card={card} links={links} />;
    case 'paper':
      return (
        <>
          <Paper card={card} />
          <Markdown source={card.body} links={links} />
        </>
      );
    case 'link':
      return (
        <>
          {card.fields.url ? (
            <Typography variant="h6" component="p" sx={{ my: 2 }}>
              <ExternalLink href={card.fields.url}>
                {card.fields.url}
                <OpenInNewIcon fontSize="small" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
              </ExternalLink>
            </Typography>
          ) : null}
          <Markdown source={card.body} links={links} />
        </>
      );
    case 'code':
      return (
        <>
          {card.fields.language ? (
            <Typography sx={{ my: 1 }}>
              Language: <code>{card.fields.language}</code>
            </Typography>
          ) : null}
          <Markdown source={card.body} links={links} />
        </>
      );
    case 'note':
      return <Markdown source={card.body} links={links} />;
  }
}
