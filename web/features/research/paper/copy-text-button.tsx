import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

/**
 * Copies `text` to the clipboard and says so (a status region); where the clipboard is not there, says to
 * select the text instead.
 */
export function CopyTextButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      setSaid('Copying is not possible here: select the text and copy it.');
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        aria-label={label}
        sx={{ minHeight: 44 }}
      >
        Copy
      </Button>
      <Typography component="span" role="status" variant="body2" sx={{ ml: 1 }}>
        {said}
      </Typography>
    </>
  );
}
