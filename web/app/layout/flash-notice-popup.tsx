import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { FlashNotice } from '../../lib/flash.ts';
import { bottomBarHeight } from './bottom-bar-height.ts';

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
      // At the foot of the window, away from the top bar and the profile popover that opens under it: a
      // snackbar sits above every popover and dialog in MUI's layers, so at the top it covered the profile
      // card. Bottom-left on wider screens; on phones across the bottom, above the fixed bottom bar.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{
        bottom: { xs: `calc(${bottomBarHeight}px + env(safe-area-inset-bottom) + 8px)`, sm: 24 },
        maxWidth: { sm: 560 },
      }}
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
