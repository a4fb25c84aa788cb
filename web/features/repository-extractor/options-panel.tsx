import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  documentFormatLabels,
  documentFormats,
  extractionOptionsSchema,
  extractorLimits,
  tokenizerLabels,
  tokenizers,
  type DocumentFormat,
  type ExtractionOptions,
  type Tokenizer,
} from '../../../contracts/extractor.ts';
import { space } from '../../lib/spacing.ts';
import type { FieldErrors } from './validation.ts';
import { countOf } from './format.ts';
import { GlobListField, WholeNumberField } from './option-fields.tsx';

/** The contract's defaults: what a new extraction uses unless the person changes it. */
export const defaultOptions: ExtractionOptions = extractionOptionsSchema.parse({});

/** A part's size when splitting is switched on. */
const defaultPartTokens = 100_000;

/** The options in a line, for the closed panel: "Markdown · one document · 2 exclude globs". */
export function optionsSummary(options: ExtractionOptions): string {
  const parts = [
    documentFormatLabels[options.format],
    options.partTokens === null || Number.isNaN(options.partTokens)
      ? 'one document'
      : `parts of ${options.partTokens.toLocaleString('en')} tokens`,
  ];
  if (options.include.length > 0)
    parts.push(countOf(options.include.length, 'include glob', 'include globs'));
  if (options.exclude.length > 0)
    parts.push(countOf(options.exclude.length, 'exclude glob', 'exclude globs'));
  if (options.keepInTree.length > 0)
    parts.push(countOf(options.keepInTree.length, 'tree-only glob', 'tree-only globs'));
  if (!options.redactSecrets) parts.push('secrets not redacted');
  return parts.join(' · ');
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
    />
  );
}

/**
 * What is taken from the repository and how the document is written, in a panel that opens (it opens by
 * itself when one of its fields needs attention). Every change goes up at once: the preview tree shows it.
 */
export function OptionsPanel({
  options,
  onChange,
  errors,
}: {
  options: ExtractionOptions;
  onChange: (options: ExtractionOptions) => void;
  /** Problems by option name (`exclude`, `maxFileKb`). */
  errors: FieldErrors;
}) {
  const [open, setOpen] = useState(false);
  const hasErrors = Object.keys(errors).length > 0;
  const set = <Key extends keyof ExtractionOptions>(key: Key, value: ExtractionOptions[Key]) =>
    onChange({ ...options, [key]: value });
  return (
    <Accordion
      expanded={open || hasErrors}
      onChange={(_event, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
            Options
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {optionsSummary(options)}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: space.block }}>
        <Box
          sx={{
            display: 'grid',
            gap: space.block,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <GlobListField
            label="Include only"
            globs={options.include}
            onChange={(globs) => set('include', globs)}
            helper="One glob per line, e.g. src/**. Empty: every file."
            error={errors.include}
          />
          <GlobListField
            label="Exclude"
            globs={options.exclude}
            onChange={(globs) => set('exclude', globs)}
            helper="One glob per line, e.g. **/*.test.ts."
            error={errors.exclude}
          />
          <GlobListField
            label="Keep in the tree only"
            globs={options.keepInTree}
            onChange={(globs) => set('keepInTree', globs)}
            helper="Listed in the tree without their content."
            error={errors.keepInTree}
          />
        </Box>
        <FormGroup>
          <Toggle
            label="Follow .gitignore files"
            checked={options.useGitignore}
            onChange={(checked) => set('useGitignore', checked)}
          />
          <Toggle
            label="Leave out dependencies, build output and lock files"
            checked={options.useDefaultIgnores}
            onChange={(checked) => set('useDefaultIgnores', checked)}
          />
        </FormGroup>
        <Box
          sx={{
            display: 'grid',
            gap: space.block,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <WholeNumberField
            label="Size cap per file (KB)"
            value={options.maxFileKb}
            onChange={(value) => set('maxFileKb', value)}
            min={extractorLimits.maxFileKb.min}
            max={extractorLimits.maxFileKb.max}
            helper="Larger files are kept in the tree without their content."
            error={errors.maxFileKb}
          />
          <TextField
            select
            label="Format"
            value={options.format}
            onChange={(event) => set('format', event.target.value as DocumentFormat)}
            error={Boolean(errors.format)}
            helperText={errors.format ?? ' '}
          >
            {documentFormats.map((format) => (
              <MenuItem key={format} value={format}>
                {documentFormatLabels[format]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <FormGroup>
          <Toggle
            label="Number the lines"
            checked={options.lineNumbers}
            onChange={(checked) => set('lineNumbers', checked)}
          />
          <Toggle
            label="Remove blank lines"
            checked={options.removeBlankLines}
            onChange={(checked) => set('removeBlankLines', checked)}
          />
          <Toggle
            label="Remove comments from code"
            checked={options.removeComments}
            onChange={(checked) => set('removeComments', checked)}
          />
          <Toggle
            label="Signatures only (drop function bodies)"
            checked={options.signaturesOnly}
            onChange={(checked) => set('signaturesOnly', checked)}
          />
          <Toggle
            label="Redact secrets"
            checked={options.redactSecrets}
            onChange={(checked) => set('redactSecrets', checked)}
          />
          <Toggle
            label="Split into parts"
            checked={options.partTokens !== null}
            onChange={(checked) => set('partTokens', checked ? defaultPartTokens : null)}
          />
        </FormGroup>
        <Box
          sx={{
            display: 'grid',
            gap: space.block,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {options.partTokens !== null ? (
            <WholeNumberField
              label="Tokens per part"
              value={options.partTokens}
              onChange={(value) => set('partTokens', value)}
              min={extractorLimits.partTokens.min}
              max={extractorLimits.partTokens.max}
              helper="A part never splits a file."
              error={errors.partTokens}
            />
          ) : null}
          <TextField
            select
            label="Count tokens for"
            value={options.tokenizer}
            onChange={(event) => set('tokenizer', event.target.value as Tokenizer)}
            error={Boolean(errors.tokenizer)}
            helperText={errors.tokenizer ?? 'The document’s counts are exact for these models.'}
          >
            {tokenizers.map((tokenizer) => (
              <MenuItem key={tokenizer} value={tokenizer}>
                {tokenizerLabels[tokenizer]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
