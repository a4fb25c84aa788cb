import { useState } from 'react';
import TextField from '@mui/material/TextField';

/** The globs of a text with one per line, blank lines left out. */
export function globsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * A list of globs as a text area, one per line. The text is the field's own while typing (a new line is not a
 * glob yet); a change of the list from elsewhere (a toggle of the preview tree) shows in it at once.
 */
export function GlobListField({
  label,
  globs,
  onChange,
  helper,
  error,
}: {
  label: string;
  globs: readonly string[];
  onChange: (globs: string[]) => void;
  helper: string;
  error?: string | undefined;
}) {
  const [text, setText] = useState(() => globs.join('\n'));
  const [seen, setSeen] = useState(globs);
  if (globs !== seen) {
    setSeen(globs);
    if (globsOf(text).join('\n') !== globs.join('\n')) setText(globs.join('\n'));
  }
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(globsOf(event.target.value));
      }}
      multiline
      minRows={2}
      maxRows={8}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? helper}
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } }}
    />
  );
}

/**
 * A whole number typed as text: the number goes up as it is typed, NaN while the text is not one (the
 * contract's schema then says what is wrong); a change from elsewhere shows in the field.
 */
export function WholeNumberField({
  label,
  value,
  onChange,
  helper,
  error,
  min,
  max,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  helper: string;
  error?: string | undefined;
  min: number;
  max: number;
}) {
  const [text, setText] = useState(() => String(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!Number.isNaN(value) && Number(text) !== value) setText(String(value));
  }
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        const number = /^\s*\d+\s*$/.test(next) ? Number(next) : Number.NaN;
        setText(next);
        setSeen(number);
        onChange(number);
      }}
      error={Boolean(error)}
      helperText={error ?? helper}
      slotProps={{ htmlInput: { inputMode: 'numeric', min, max } }}
    />
  );
}
