import { useId, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import type { BuilderDraft, BuilderSession } from '../../../contracts/blog-builder.ts';
import { QueryError } from '../../components/query-error.tsx';
import { changeCounts } from '../../components/text-diff/compare-texts.ts';
import { TextDiff } from '../../components/text-diff/text-diff.tsx';
import { versionQuery } from './api.ts';
import { compareDrafts } from './draft-diff.ts';

type VersionSummary = BuilderSession['versions'][number];

const modeNames = { model: 'language model', composer: 'composer' } as const;

/** "First draft", "Revised: Shorter (section 2)". */
function versionLabel(version: VersionSummary, headings: readonly string[]): string {
  if (version.instruction === null) return version.number === 1 ? 'First draft' : 'Edited by hand';
  const scope =
    version.sectionIndex === null
      ? ''
      : ` (section ${version.sectionIndex + 1}${headings[version.sectionIndex] ? `: ${headings[version.sectionIndex]}` : ''})`;
  return `“${version.instruction}”${scope}`;
}

/** The changes from one draft to the next: added words in `<ins>`, removed ones in `<del>`, said in words too. */
function DraftDiff({
  before,
  after,
  from,
  to,
}: {
  before: BuilderDraft;
  after: BuilderDraft;
  from: number;
  to: number;
}) {
  const changes = useMemo(() => compareDrafts(before, after), [before, after]);
  const { added, removed } = changeCounts(changes);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {added === 0 && removed === 0
          ? 'The two versions are the same.'
          : `${added} ${added === 1 ? 'part' : 'parts'} added, ${removed} removed.`}
      </Typography>
      <TextDiff
        changes={changes}
        mode="words"
        prose
        label={`Changes from version ${from} to version ${to}`}
      />
    </Box>
  );
}

/**
 * Every version with its instruction, writer and completeness; choosing one shows what changed from the
 * version before. Drafts seen on this page are compared at once; an older one is read from the API first.
 */
export function VersionsPanel({
  viewer,
  session,
  drafts,
}: {
  viewer: string;
  session: BuilderSession;
  drafts: ReadonlyMap<number, BuilderDraft>;
}) {
  const name = useId();
  const newest = session.versions.at(-1)?.number ?? null;
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen ?? newest;
  const headings = session.outline?.sections.map((section) => section.heading) ?? [];
  const index = session.versions.findIndex((version) => version.number === selected);
  const previous = index > 0 ? session.versions[index - 1] : undefined;
  const wanted = [previous?.number, selected ?? undefined].filter(
    (number): number is number => number !== undefined,
  );
  // Versions not seen on this page (written before it opened) are read in full when a comparison needs them.
  const fetched = useQueries({
    queries: wanted.map((number) => ({
      ...versionQuery(viewer, session.id, number),
      enabled: !drafts.has(number),
    })),
  });
  const draftOf = (number: number) =>
    drafts.get(number) ?? fetched[wanted.indexOf(number)]?.data?.draft ?? undefined;
  const failed = fetched.find((query, position) => query.isError && !drafts.has(wanted[position]!));
  const after = selected === null ? undefined : draftOf(selected);
  const before = previous ? draftOf(previous.number) : undefined;
  if (session.versions.length === 0) return null;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        component="ol"
        aria-label="Versions"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
      >
        {[...session.versions].reverse().map((version) => (
          <li key={version.number}>
            <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Radio
                name={name}
                checked={version.number === selected}
                onChange={() => setChosen(version.number)}
                slotProps={{ input: { 'aria-label': `Version ${version.number}` } }}
              />
              <Typography component="span" sx={{ fontWeight: 500 }}>
                Version {version.number}
              </Typography>
              <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {versionLabel(version, headings)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                by the {modeNames[version.mode]}
              </Typography>
              {version.complete ? null : (
                <Chip size="small" color="warning" variant="outlined" label="Incomplete" />
              )}
            </Box>
          </li>
        ))}
      </Box>
      {selected === null ? null : previous === undefined ? (
        <Typography variant="body2" color="text.secondary">
          Version {selected} is the first: there is nothing before it to compare with.
        </Typography>
      ) : before && after ? (
        <DraftDiff before={before} after={after} from={previous.number} to={selected} />
      ) : failed ? (
        <QueryError
          error={failed.error}
          lead="The versions to compare could not be loaded."
          onRetry={() => void failed.refetch()}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" role="status">
          Loading versions {previous.number} and {selected} to compare…
        </Typography>
      )}
    </Box>
  );
}
