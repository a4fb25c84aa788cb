import Dialog, { type DialogProps } from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * The app's dialog: a floating box on a wide screen, a full-screen sheet on a phone (under 600 px), where a
 * box leaves a narrow strip for its content and small targets at its edges.
 */
export function SheetDialog(props: DialogProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return <Dialog fullScreen={phone} {...props} />;
}
