import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { builderLimits } from '../../../contracts/blog-builder.ts';

const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** Instructions one click away; each fills the field, where it can still be changed. */
const quickInstructions = [
  { label: 'Shorter', text: 'Make it shorter.' },
  { label: 'For beginners', text: 'Rewrite it for beginners.' },
  { label: 'Add an example', text: 'Add an example.' },
] as const;

/** A revision to ask for: the instruction and the section it is for (null: the whole post). */
export interface RevisionRequest {
  instruction: string;
  sectionIndex: number | null;
}

/** Step 4's form: an instruction (typed or from a chip), the scope, and "Revise". */
export function ReviseForm({
  headings,
  busy,
  onRevise,
}: {
  headings: readonly string[];
  busy: boolean;
  onRevise: (request: RevisionRequest) => void;
}) {
  const [instruction, setInstruction] = useState('');
  const [scope, setScope] = useState('all');
  const trimmed = instruction.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed.length < 2) return;
    onRevise({ instruction: trimmed, sectionIndex: scope === 'all' ? null : Number(scope) });
  };
  return (
    <Box component="form" aria-label="Revise the draft" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
      <Box role="group" aria-label="Quick instructions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {quickInstructions.map((quick) => (
          <Chip
            key={quick.label}
            label={quick.label}
            variant={instruction === quick.text ? 'filled' : 'outlined'}
            onClick={() => setInstruction(quick.text)}
          />
        ))}
      </Box>
      <TextField
        label="How to revise it"
        value={instruction}
        onChange={(event) => setInstruction(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: builderLimits.instruction.max } }}
        helperText={`${instruction.length} of ${builderLimits.instruction.max} characters`}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          select
          label="Part to revise"
          value={scope}
          onChange={(event) => setScope(event.target.value)}
          slotProps={selectProps}
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
        >
          <option value="all">The whole post</option>
          {headings.map((heading, index) => (
            <option key={index} value={String(index)}>
              Section {index + 1}: {heading}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={busy || trimmed.length < 2} sx={{ mt: 1 }}>
          Revise
        </Button>
      </Box>
    </Box>
  );
}
