import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';

/**
 * Copies `path` as a full address. Where the clipboard is not available (an old browser, a page not allowed
 * to write to it), the address appears in a field, selected, to copy by hand. What happened is announced.
 */
export function CopyLinkButton({
  path,
  label,
  fieldLabel,
}: {
  path: string;
  label: string;
  fieldLabel: string;
}) {
  const [said, setSaid] = useState('');
  const [fallback, setFallback] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const url = `${window.location.origin}${path}`;

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setFallback(false);
      setSaid('Link copied to the clipboard.');
    } catch {
      setFallback(true);
      setSaid('The link could not be copied automatically: copy it from the field.');
      // After the field has rendered.
      window.setTimeout(() => field.current?.select(), 0);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start', minWidth: 0 }}>
      <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => void copy()} sx={{ minHeight: 44 }}>
        {label}
      </Button>
      {fallback ? (
        <TextField
          label={fieldLabel}
          value={url}
          size="small"
          fullWidth
          inputRef={field}
          slotProps={{ htmlInput: { readOnly: true, onFocus: () => field.current?.select() } }}
        />
      ) : null}
      <Typography role="status" variant="body2">
        {said}
      </Typography>
    </Box>
  );
}
