import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { pdfReaderPath } from '../../../../contracts/pdfs.ts';
import type { PaperDetail } from '../../../../contracts/research.ts';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { usePaper } from '../../../lib/research-api.ts';
import {
  paperNotePath,
  paperPagePath,
  researchCentrePath,
  topicPagePath,
} from '../../../lib/research-paths.ts';
import { useSession } from '../../../lib/session.ts';
import { space } from '../../../lib/spacing.ts';
import { PaperItem, paperListSx } from '../centre/paper-item.tsx';
import { CiteDialog } from './cite-dialog.tsx';
import { QueueControl } from './queue-control.tsx';

const relatedReasons: Record<PaperDetail['related'][number]['reason'], string> = {
  tags: 'Shares tags',
  'co-reading': 'Read by the same people',
  neighbours: 'Similar cards',
};

/**
 * `/research_center/papers/:id`, open to everyone who may see the paper: its record, TL;DR and abstract, the
 * reader's queue, Cite, the PDF when they have one, and how it connects: topics, cards citing it, its
 * references, what cites it and related papers.
 */
export function PaperPage() {
  const { id = '' } = useParams();
  const paper = usePaper(id);
  if (paper.isPending) {
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title="Paper" guideAnchor="research" />
        <PageLoading />
      </Box>
    );
  }
  if (paper.isError) {
    // A malformed id is refused as bad input: to the reader, it is no paper either.
    const missing = paper.error instanceof ApiError && [400, 404].includes(paper.error.status);
    return (
      <Box component="section" aria-labelledby="section-title">
        <PageHeader title={missing ? 'Paper not found' : 'Paper'} guideAnchor="research" />
        {missing ? (
          <Typography>
            There is no paper at this address that you can open. Search every paper in the{' '}
            <TextLink to={researchCentrePath}>research centre</TextLink>.
          </Typography>
        ) : (
          <QueryError
            error={paper.error}
            lead="The paper could not be loaded."
            onRetry={() => void paper.refetch()}
          />
        )}
      </Box>
    );
  }
  return <PaperView paper={paper.data} />;
}

function PaperView({ paper }: { paper: PaperDetail }) {
  const { signedIn } = useSession();
  const [citing, setCiting] = useState(false);
  const pdf = paper.mine?.pdf ?? null;
  return (
    <Box component="article" aria-labelledby="section-title" sx={{ maxWidth: 960 }}>
      <PageHeader
        title={paper.title}
        guideAnchor="research"
        actions={
          <>
            <Button startIcon={<FormatQuoteIcon />} onClick={() => setCiting(true)} sx={{ minHeight: 44 }}>
              Cite
            </Button>
            {pdf ? (
              <Button
                component={RouterLink}
                to={pdfReaderPath(pdf.id, pdf.lastPage)}
                startIcon={<MenuBookOutlinedIcon />}
                aria-label={`Read from page ${pdf.lastPage}`}
                sx={{ minHeight: 44 }}
              >
                Read
              </Button>
            ) : null}
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: space.block,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) auto' },
          alignItems: 'start',
        }}
      >
        <PaperFacts paper={paper} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: { md: 'flex-end' } }}>
          <QueueControl paper={paper} />
          {signedIn ? <TextLink to={paperNotePath(paper.id)}>Write a note</TextLink> : null}
        </Box>
      </Box>

      {paper.tldr ? (
        <Section title="TL;DR">
          <Typography sx={{ overflowWrap: 'anywhere' }}>{paper.tldr}</Typography>
        </Section>
      ) : null}
      {paper.abstract.trim() ? (
        <Section title="Abstract">
          <Markdown source={paper.abstract} />
        </Section>
      ) : null}
      {paper.topics.length > 0 ? (
        <Section title="Topics">
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {paper.topics.map((topic) => (
              <li key={topic.slug}>
                <Chip clickable component={RouterLink} to={topicPagePath(topic.slug)} label={topic.title} />
              </li>
            ))}
          </Box>
        </Section>
      ) : null}
      <Section title="Notes and cards citing it">
        {paper.citingCards.length === 0 ? (
          <Typography color="text.secondary">No card cites this paper yet.</Typography>
        ) : (
          <Box component="ul" sx={paperListSx}>
            {paper.citingCards.map((card) => (
              <li key={card.id}>
                <Typography
                  component="h3"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  <TextLink to={`/cards/${card.id}`}>{card.title}</TextLink>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  by {card.authorName ?? `@${card.authorHandle}`}
                </Typography>
                {card.excerpt ? (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {card.excerpt}
                  </Typography>
                ) : null}
              </li>
            ))}
          </Box>
        )}
      </Section>
      <Section title="References">
        {paper.references.length === 0 ? (
          <Typography color="text.secondary">No reference list is known for this paper.</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
            {paper.references.map((reference, index) => (
              <Box component="li" key={`${index}-${reference.label}`} sx={{ overflowWrap: 'anywhere' }}>
                {reference.paper ? (
                  <TextLink to={paperPagePath(reference.paper.id)}>{reference.paper.title}</TextLink>
                ) : (
                  reference.label
                )}
              </Box>
            ))}
          </Box>
        )}
      </Section>
      <Section title="Cited by">
        {paper.citedBy.length === 0 ? (
          <Typography color="text.secondary">No paper in CARD WEB cites this one yet.</Typography>
        ) : (
          <Box component="ul" sx={paperListSx}>
            {paper.citedBy.map((entry) => (
              <li key={entry.id}>
                <PaperItem paper={entry} />
              </li>
            ))}
          </Box>
        )}
      </Section>
      {paper.related.length > 0 ? (
        <Section title="Related">
          <Box component="ul" sx={paperListSx}>
            {paper.related.map((entry) => (
              <li key={entry.id}>
                <PaperItem paper={entry}>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={relatedReasons[entry.reason]}
                    sx={{ mt: 0.5 }}
                  />
                </PaperItem>
              </li>
            ))}
          </Box>
        </Section>
      ) : null}
      <CiteDialog paperId={paper.id} open={citing} onClose={() => setCiting(false)} />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: space.section }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A link out of CARD WEB: a new tab, said so to screen readers. */
/** Only web addresses become links: a stored address is the adder's text and may say anything. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** The record: authors (with ORCID iDs), venue, year, DOI, arXiv, web address and code. */
function PaperFacts({ paper }: { paper: PaperDetail }) {
  const rows: [string, ReactNode][] = [];
  if (paper.authors.length > 0) {
    rows.push([
      paper.authors.length === 1 ? 'Author' : 'Authors',
      paper.authors.map((name, index) => {
        const orcid = paper.authorOrcids[index];
        return (
          <span key={`${index}-${name}`}>
            {index > 0 ? ', ' : null}
            {name}
            {orcid ? (
              <>
                {' '}
                <ExternalLink
                  href={`https://orcid.org/${orcid}`}
                  label={`ORCID iD of ${name}: ${orcid} (opens in a new tab)`}
                >
                  (ORCID)
                </ExternalLink>
              </>
            ) : null}
          </span>
        );
      }),
    ]);
  }
  if (paper.venue) rows.push(['Venue', paper.venue]);
  if (paper.year) rows.push(['Year', String(paper.year)]);
  if (paper.doi)
    rows.push(['DOI', <ExternalLink href={`https://doi.org/${paper.doi}`}>{paper.doi}</ExternalLink>]);
  if (paper.arxivId)
    rows.push([
      'arXiv',
      <ExternalLink href={`https://arxiv.org/abs/${paper.arxivId}`}>{paper.arxivId}</ExternalLink>,
    ]);
  if (paper.url && isWebAddress(paper.url))
    rows.push(['Web address', <ExternalLink href={paper.url}>{paper.url}</ExternalLink>]);
  if (paper.codeUrl && isWebAddress(paper.codeUrl))
    rows.push(['Code', <ExternalLink href={paper.codeUrl}>{paper.codeUrl}</ExternalLink>]);
  rows.push([
    'Added by',
    <TextLink to={`/u/${paper.addedBy.handle}`}>
      {paper.addedBy.displayName ?? `@${paper.addedBy.handle}`}
    </TextLink>,
  ]);
  return <DefinitionList rows={rows} />;
}
