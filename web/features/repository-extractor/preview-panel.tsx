import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ExtractionOptions, ExtractionPreview } from '../../../contracts/extractor.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { space } from '../../lib/spacing.ts';
import { countOf, decisionText, estimatedTokensOf } from './format.ts';
import { buildTree, estimatedTotal, evaluate, largestFiles, withExcludeGlob } from './preview-model.ts';
import { PreviewTreeView, type TreeOrder } from './preview-tree.tsx';

/**
 * What a preview found, with the person's choices applied as they make them: the estimated total, the
 * suggestions to leave out, the largest files and the folder tree, each toggle changing the exclude globs (and
 * so the options panel) at once. "Extract with these choices" writes the document with them.
 */
export function PreviewPanel({
  preview,
  previewOptions,
  options,
  onOptionsChange,
  onExtract,
  extracting,
  blocked,
  extractError,
}: {
  preview: ExtractionPreview;
  /** The options the preview ran with. */
  previewOptions: ExtractionOptions;
  /** The options as the person has them now. */
  options: ExtractionOptions;
  onOptionsChange: (options: ExtractionOptions) => void;
  onExtract: () => void;
  extracting: boolean;
  /** The options cannot be sent as they are (the page says why). */
  blocked: boolean;
  extractError: unknown;
}) {
  const [order, setOrder] = useState<TreeOrder>('tokens');
  const { files } = preview;
  const tree = useMemo(() => buildTree(files), [files]);
  const { include, exclude, keepInTree, maxFileKb } = options;
  const evaluation = useMemo(
    () => evaluate(files, tree, { include, exclude, keepInTree, maxFileKb }),
    [files, tree, include, exclude, keepInTree, maxFileKb],
  );
  const largest = useMemo(() => largestFiles(files, 10), [files]);
  const total = estimatedTotal(preview, evaluation);
  const includedFiles = evaluation.includedFiles[0] ?? 0;

  const toggle = useCallback(
    (glob: string, on: boolean) =>
      onOptionsChange({ ...options, exclude: withExcludeGlob(options.exclude, glob, on) }),
    [options, onOptionsChange],
  );

  const ignoresChanged =
    options.useGitignore !== previewOptions.useGitignore ||
    options.useDefaultIgnores !== previewOptions.useDefaultIgnores;

  return (
    <Box
      component="section"
      aria-labelledby="preview-heading"
      sx={{ display: 'grid', gap: space.block, minWidth: 0 }}
    >
      <Typography id="preview-heading" component="h3" variant="h3">
        Preview
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: space.inline,
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <Box role="status" sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {estimatedTokensOf(Math.round(total))} with these choices
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {countOf(includedFiles, 'file', 'files')} of {files.length.toLocaleString('en')} in the document ·
            the preview found {estimatedTokensOf(preview.estimatedTokens)} (≈ estimate: the document counts
            exactly)
          </Typography>
        </Box>
        <Button variant="contained" onClick={onExtract} disabled={extracting || blocked}>
          {extracting ? 'Starting…' : 'Extract with these choices'}
        </Button>
      </Box>
      {extractError ? (
        <Alert severity="error" role="alert">
          {errorSentence(extractError)}
        </Alert>
      ) : null}
      {preview.truncated ? (
        <Alert severity="info">
          The repository has more files than a preview lists; the rest are not shown here, and the estimate
          counts only the files listed.
        </Alert>
      ) : null}
      {ignoresChanged ? (
        <Alert severity="info">
          A change to .gitignore or the default ignores shows in the next preview; the estimate here does not
          count it.
        </Alert>
      ) : null}

      {preview.suggestions.length > 0 ? (
        <Box
          component="section"
          aria-labelledby="suggestions-heading"
          sx={{ display: 'grid', gap: space.inline }}
        >
          <Typography id="suggestions-heading" component="h4" variant="h4">
            Suggestions to leave out
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {preview.suggestions.map((suggestion) => (
              <li key={suggestion.glob}>
                <FormControlLabel
                  sx={{ alignItems: 'flex-start', mr: 0 }}
                  control={
                    <Checkbox
                      checked={options.exclude.includes(suggestion.glob)}
                      onChange={(event) => toggle(suggestion.glob, event.target.checked)}
                    />
                  }
                  label={
                    <Box sx={{ py: 1, minWidth: 0 }}>
                      <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                        Exclude <Box component="code">{suggestion.glob}</Box>
                      </Typography>
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                      >
                        {suggestion.why} · {countOf(suggestion.files, 'file', 'files')} · saves{' '}
                        {estimatedTokensOf(suggestion.tokens)}
                      </Typography>
                    </Box>
                  }
                />
              </li>
            ))}
          </Box>
        </Box>
      ) : null}

      {largest.length > 0 ? (
        <Box
          component="section"
          aria-labelledby="largest-heading"
          sx={{ display: 'grid', gap: space.inline }}
        >
          <Typography id="largest-heading" component="h4" variant="h4">
            Largest files
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {largest.map((index) => {
              const file = files[index];
              const verdict = evaluation.verdicts[index];
              if (!file || !verdict) return null;
              return (
                <li key={file.path}>
                  <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {file.path}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    · {estimatedTokensOf(file.tokens)} · {decisionText(verdict)}
                  </Typography>
                </li>
              );
            })}
          </Box>
        </Box>
      ) : null}

      <Box
        component="section"
        aria-labelledby="files-heading"
        sx={{ display: 'grid', gap: space.inline, minWidth: 0 }}
      >
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <Typography id="files-heading" component="h4" variant="h4">
            Files
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={order}
            onChange={(_event, value: TreeOrder | null) => {
              if (value) setOrder(value);
            }}
            aria-label="Sort the files by"
          >
            <ToggleButton value="tokens">By tokens</ToggleButton>
            <ToggleButton value="name">By name</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Tick a folder or file to leave it out; token counts are ≈ estimates.
        </Typography>
        <PreviewTreeView
          label="Files of the repository"
          files={files}
          tree={tree}
          evaluation={evaluation}
          exclude={options.exclude}
          order={order}
          onToggle={toggle}
        />
      </Box>
    </Box>
  );
}
