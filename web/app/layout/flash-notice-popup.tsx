import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { FlashNotice } from '../../lib/flash.ts';

/**
 * Shows the notice a flow passed along with its navigation (see `lib/flash.ts`). It stays until closed, since
 * it can carry something to act on ("check your inbox"); closing also removes it from the history entry, so
 * reloading the page does not bring it back.
 */
export function FlashNoticePopup({ notice }: { notice: FlashNotice }) {
  const location = useLocation();
  const navigate = useNavigate();

  const close = () => {
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  };

  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // Below the sticky top bar, so the notice never hides the logo or the profile button.
      sx={{ top: { xs: 72, sm: 80 } }}
      onClose={(_event, reason) => {
        // A click elsewhere on the page is not a request to dismiss the notice.
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert severity={notice.severity} role="status" variant="filled" onClose={close} sx={{ width: '100%' }}>
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
