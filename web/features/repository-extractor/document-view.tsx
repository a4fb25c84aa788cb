import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  documentFileName,
  tokenizerLabels,
  type ChangeSummary,
  type Extraction,
  type ExtractionDocument,
} from '../../../contracts/extractor.ts';
import { DefinitionList } from '../../components/definition-list.tsx';
import { space } from '../../lib/spacing.ts';
import { ModuleCards } from './module-cards.tsx';
import { partPath, zipPath } from './api.ts';
import { CopyPartButton } from './copy-part-button.tsx';
import { changeLabels, countOf, revisionOf, shortCommit, tokensOf } from './format.ts';

/** Languages listed by name; the rest are summed as "Other". */
const languagesShown = 8;

function Languages({ languages }: { languages: ExtractionDocument['summary']['languages'] }) {
  const sorted = [...languages].sort((a, b) => b.tokens - a.tokens);
  const total = sorted.reduce((sum, language) => sum + language.tokens, 0);
  const shown = sorted.slice(0, languagesShown);
  const rest = sorted.slice(languagesShown);
  const rows =
    rest.length > 0
      ? [
          ...shown,
          {
            language: 'Other',
            files: rest.reduce((sum, language) => sum + language.files, 0),
            tokens: rest.reduce((sum, language) => sum + language.tokens, 0),
          },
        ]
      : shown;
  return (
    <Box
      component="ul"
      aria-label="Languages"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}
    >
      {rows.map((language) => {
        const share = total > 0 ? language.tokens / total : 0;
        return (
          <li key={language.language}>
            <Typography variant="body2">
              <Box component="span" sx={{ fontWeight: 600 }}>
                {language.language}
              </Box>{' '}
              {Math.round(share * 100)}% · {countOf(language.files, 'file', 'files')} ·{' '}
              {tokensOf(language.tokens)}
            </Typography>
            <Box aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}>
              <Box sx={{ width: `${Math.max(share * 100, 1)}%`, height: '100%', bgcolor: 'primary.main' }} />
            </Box>
          </li>
        );
      })}
    </Box>
  );
}

function Secrets({ document, redacted }: { document: ExtractionDocument; redacted: boolean }) {
  if (document.secretCount === 0) return <Typography>No secrets were found.</Typography>;
  const more = document.secretCount - document.secrets.length;
  return (
    <>
      <Alert severity={redacted ? 'info' : 'warning'}>
        {countOf(document.secretCount, 'secret was', 'secrets were')} found.{' '}
        {redacted
          ? 'Each is replaced with a marker in the document.'
          : 'Redaction was off: they are in the document as found, so keep it private.'}
      </Alert>
      <Box component="ul" aria-label="Secrets found" sx={{ m: 0, pl: 3 }}>
        {document.secrets.map((secret) => (
          <li key={`${secret.path}:${secret.line}:${secret.rule}`}>
            <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
              {secret.path}, line {secret.line.toLocaleString('en')}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {' '}
              · {secret.message} ({secret.rule})
            </Typography>
          </li>
        ))}
      </Box>
      {more > 0 ? (
        <Typography variant="body2" color="text.secondary">
          And {countOf(more, 'more', 'more')} not listed.
        </Typography>
      ) : null}
    </>
  );
}

function Parts({
  viewer,
  extraction,
  document,
}: {
  viewer: string;
  extraction: Extraction;
  document: ExtractionDocument;
}) {
  const count = document.parts.length;
  const name = extraction.source.name;
  return (
    <>
      <Box
        component="ol"
        aria-label="Parts"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: space.inline }}
      >
        {document.parts.map((part) => {
          const which = count > 1 ? `part ${part.index} of ${count}` : 'the document';
          const range =
            part.firstFile && part.lastFile && part.firstFile !== part.lastFile
              ? `${part.firstFile} – ${part.lastFile}`
              : (part.firstFile ?? null);
          return (
            <Box
              component="li"
              key={part.index}
              sx={{ display: 'grid', gap: 0.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {count > 1 ? `Part ${part.index} of ${count}` : 'The whole document'}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {tokensOf(part.tokens)} · {countOf(part.files, 'file', 'files')}
                {range ? ` · ${range}` : ''}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: space.inline, alignItems: 'center' }}>
                <CopyPartButton
                  viewer={viewer}
                  extractionId={extraction.id}
                  index={part.index}
                  label={`Copy ${which}`}
                  done={`Copied ${which}: ${tokensOf(part.tokens)}.`}
                />
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  component="a"
                  href={partPath(extraction.id, part.index, true)}
                  download={documentFileName(name, extraction.options.format, { index: part.index, count })}
                  aria-label={`Download ${which}`}
                >
                  Download
                </Button>
              </Box>
            </Box>
          );
        })}
      </Box>
      {count > 1 ? (
        <Box>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            component="a"
            href={zipPath(extraction.id)}
            download
          >
            Download all (.zip)
          </Button>
        </Box>
      ) : null}
    </>
  );
}

/** Diff mode: what changed from the base, in numbers and file by file. */
function Changes({ changes }: { changes: ChangeSummary }) {
  const listed = changes.added + changes.modified + changes.deleted;
  return (
    <Box component="section" aria-labelledby="changes-heading" sx={{ display: 'grid', gap: space.inline }}>
      <Typography id="changes-heading" component="h4" variant="h4">
        Changes
      </Typography>
      <Typography variant="body2">
        Since {changes.base} ({shortCommit(changes.baseCommit)}): {changes.added} added, {changes.modified}{' '}
        modified, {changes.deleted} deleted; {countOf(changes.additions, 'line', 'lines')} added,{' '}
        {changes.deletions.toLocaleString('en')} removed. The document holds each file as it is now, then its
        diff.
      </Typography>
      <Box
        component="ul"
        aria-label="Changed files"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5, maxHeight: 320, overflow: 'auto' }}
      >
        {changes.files.map((file) => (
          <Box component="li" key={file.path} sx={{ display: 'flex', gap: space.inline, minWidth: 0 }}>
            <Typography
              variant="body2"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}
            >
              {file.path}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
              {changeLabels[file.status]}
              {file.additions === null ? ', not text' : `, +${file.additions} −${file.deletions ?? 0}`}
            </Typography>
          </Box>
        ))}
      </Box>
      {changes.files.length < listed ? (
        <Typography variant="body2" color="text.secondary">
          The first {changes.files.length.toLocaleString('en')} of {listed.toLocaleString('en')} changed files
          are listed; all are in the document.
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The document an extraction wrote: its summary with the exact token count, where it came from, the secrets
 * found, and its parts to copy or download.
 */
export function DocumentView({
  viewer,
  extraction,
  document,
}: {
  viewer: string;
  extraction: Extraction;
  document: ExtractionDocument;
}) {
  const { summary } = document;
  const revision = revisionOf(extraction);
  const rows: [string, ReactNode][] = [
    [
      'Tokens',
      `${summary.tokens.toLocaleString('en')} (exact, ${tokenizerLabels[extraction.options.tokenizer]})`,
    ],
    ['Files', summary.files.toLocaleString('en')],
    ['Tree only', summary.treeOnly.toLocaleString('en')],
    ['Lines', summary.lines.toLocaleString('en')],
  ];
  if (revision) rows.push(['Revision', revision]);
  return (
    <Box
      component="section"
      aria-labelledby="document-heading"
      sx={{ display: 'grid', gap: space.block, minWidth: 0 }}
    >
      <Typography id="document-heading" component="h3" variant="h3">
        Document
      </Typography>
      {document.cached ? (
        <Typography variant="body2" color="text.secondary">
          From the cache: this commit was extracted with the same options before.
        </Typography>
      ) : null}
      <DefinitionList rows={rows} />

      <Box component="section" aria-labelledby="parts-heading" sx={{ display: 'grid', gap: space.inline }}>
        <Typography id="parts-heading" component="h4" variant="h4">
          {document.parts.length > 1 ? 'Parts' : 'Text'}
        </Typography>
        <Parts viewer={viewer} extraction={extraction} document={document} />
      </Box>

      {summary.changes ? (
        <Changes changes={summary.changes} />
      ) : (
        <ModuleCards viewer={viewer} extraction={extraction} />
      )}

      <Box component="section" aria-labelledby="secrets-heading" sx={{ display: 'grid', gap: space.inline }}>
        <Typography id="secrets-heading" component="h4" variant="h4">
          Secrets
        </Typography>
        <Secrets document={document} redacted={extraction.options.redactSecrets} />
      </Box>

      {summary.languages.length > 0 ? (
        <Box
          component="section"
          aria-labelledby="languages-heading"
          sx={{ display: 'grid', gap: space.inline }}
        >
          <Typography id="languages-heading" component="h4" variant="h4">
            Languages
          </Typography>
          <Languages languages={summary.languages} />
        </Box>
      ) : null}

      {summary.largest.length > 0 ? (
        <Box
          component="section"
          aria-labelledby="document-largest-heading"
          sx={{ display: 'grid', gap: space.inline }}
        >
          <Typography id="document-largest-heading" component="h4" variant="h4">
            Largest files
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {summary.largest.map((file) => (
              <li key={file.path}>
                <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {file.path}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · {tokensOf(file.tokens)}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
