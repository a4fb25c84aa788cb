import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import type { PostSession } from './post-session.ts';

/**
 * Asks before leaving the editor for another page of the app while the server lacks some of the text (the
 * tab closing is asked by the browser, see `usePostSession`). When the save lands while the question is
 * open, the way out simply goes on.
 */
export function LeaveGuard({ session, dirty }: { session: PostSession; dirty: boolean }) {
  // Read from the session, not the render: a delete clears it and navigates in the same moment.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      session.getSnapshot().dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (blocked && !dirty) blocker.proceed?.();
  }, [blocked, dirty, blocker]);
  return (
    <SheetDialog open={blocked} onClose={() => blocker.reset?.()} aria-labelledby="leave-post-title">
      <DialogTitle id="leave-post-title">Leave before the post is saved?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your latest changes have not reached the server yet. They are kept in this browser and offered back
          when you open the post here again.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}
