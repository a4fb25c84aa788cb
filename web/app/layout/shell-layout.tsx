import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { PageLoading } from '../../components/page-loading.tsx';
import { usePageViewReporting } from '../../lib/analytics.ts';
import { readFlash } from '../../lib/flash.ts';
import { useSession } from '../../lib/session.ts';
import { useSessionReconciliation } from '../../lib/session-sync.ts';
import { SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';
import { bottomBarHeight } from './bottom-bar-height.ts';
import { scrollPositionsKey } from '../scroll-positions.ts';

/**
 * Moves keyboard and screen-reader focus to the new page after an in-app navigation, as a full page load
 * would; the first page keeps the browser's own behaviour so the skip link stays the first stop.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current && pathname === firstPath.current) return;
    moved.current = true;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

// Only screens below 600 px show the bottom bar, so wider ones never load its code; on a phone it loads with
// the first page's code, while the page's spinner shows.
const BottomBar = lazy(async () => ({ default: (await import('./bottom-bar.tsx')).BottomBar }));

// Snackbar and Alert stay out of the first page's JavaScript until a flow leaves a notice to show.
const FlashNoticePopup = lazy(async () => ({
  default: (await import('./flash-notice-popup.tsx')).FlashNoticePopup,
}));

/** Every page sits in this shell: skip link, top bar, the page, and on small screens the bottom bar. */
export function ShellLayout() {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const linksInMenu = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const roomy = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const navigation = useNavigation();
  const location = useLocation();
  const { signedIn } = useSession();
  const notice = readFlash(location.state);
  usePageViewReporting(signedIn);
  useFocusMainOnNavigation();
  // Here, at the root, so the session is checked once per page load rather than by every page.
  useSessionReconciliation();

  // A page whose code is still downloading shows the spinner in place of the page being left.
  const loadingPage = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar compact={compact} linksInMenu={linksInMenu} roomy={roomy} />
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        maxWidth="lg"
        sx={{
          flex: 1,
          pt: { xs: 3, sm: 5 },
          // Room for the fixed bottom bar, so the end of every page stays reachable.
          pb: compact ? `calc(${bottomBarHeight}px + env(safe-area-inset-bottom) + 24px)` : 6,
          '&:focus': { outline: 'none' },
        }}
      >
        {loadingPage ? <PageLoading /> : <Outlet />}
      </Container>
      {compact ? (
        <Suspense fallback={null}>
          <BottomBar />
        </Suspense>
      ) : null}
      {notice ? (
        <Suspense fallback={null}>
          <FlashNoticePopup notice={notice} />
        </Suspense>
      ) : null}
      <ScrollRestoration storageKey={scrollPositionsKey} />
    </Box>
  );
}
