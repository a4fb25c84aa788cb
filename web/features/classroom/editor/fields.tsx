import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Common = Omit<TextFieldProps, 'value' | 'onChange' | 'type'>;

/**
 * A list written as text: comma-separated, or one item a line with `lines`. The text stays as typed (a
 * trailing comma, an empty line) while the list given back is trimmed and without empty items.
 */
export function ListField({
  value,
  onChange,
  lines = false,
  clean = (item) => item,
  ...props
}: Common & {
  value: readonly string[];
  onChange: (items: string[]) => void;
  lines?: boolean;
  /** Tidies one item (a handle's leading @, say). */
  clean?: (item: string) => string;
}) {
  const separator = lines ? '\n' : ', ';
  const [text, setText] = useState(value.join(separator));
  return (
    <TextField
      {...props}
      multiline={lines}
      minRows={lines ? 3 : undefined}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(lines ? '\n' : ',')
            .map((item) => clean(item.trim()))
            .filter((item) => item !== ''),
        );
      }}
    />
  );
}

/** A number typed as text: what cannot be read as a number is given back as NaN, which the contract refuses. */
export function NumberField({
  value,
  onChange,
  ...props
}: Common & { value: number; onChange: (value: number) => void }) {
  const [text, setText] = useState(Number.isNaN(value) ? '' : String(value));
  return (
    <TextField
      {...props}
      value={text}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      onChange={(event) => {
        setText(event.target.value);
        const trimmed = event.target.value.trim().replace(',', '.');
        onChange(trimmed === '' ? Number.NaN : Number(trimmed));
      }}
    />
  );
}
