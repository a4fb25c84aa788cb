import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorSentence } from '../lib/error-sentence.ts';
import type { ErrorSentenceOptions } from '../lib/error-sentence.ts';

export interface QueryErrorProps {
  /** The failure, worded by `errorSentence`. */
  error: unknown;
  /** Asks again (usually the query's `refetch`); without it there is no "Try again" button. */
  onRetry?: (() => void) | undefined;
  /** What failed, said before the reason: "The messages could not be loaded." */
  lead?: ReactNode;
  /** Anything after the reason, such as a link to somewhere else. */
  children?: ReactNode;
  /** The feature's own wording, where it needs one. */
  errorOptions?: ErrorSentenceOptions;
  sx?: SxProps<Theme>;
}

/** A failed read, said in words (role "alert"), with a "Try again" button that asks again. */
export function QueryError({ error, onRetry, lead, children, errorOptions, sx }: QueryErrorProps) {
  return (
    <Alert
      severity="error"
      role="alert"
      {...(sx ? { sx } : {})}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {lead ? <>{lead} </> : null}
      {errorSentence(error, errorOptions)}
      {children}
    </Alert>
  );
}
