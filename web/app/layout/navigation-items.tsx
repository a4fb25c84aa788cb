import type { ReactElement, ReactNode } from 'react';
import { lazy, Suspense, useCallback } from 'react';
import { useNavigate } from 'react-router';
import BuildIcon from '@mui/icons-material/Build';
import ExploreIcon from '@mui/icons-material/Explore';
import ForumIcon from '@mui/icons-material/Forum';
import StyleIcon from '@mui/icons-material/Style';
import { loginPathFor } from '../../lib/navigation.ts';
import { loadQueryClient } from '../providers.tsx';
import { useSession } from '../../lib/session.ts';

/** The four section links of the top bar, in the seed's order and spelling. */
export const sectionLinks = [
  { label: 'CLASSROOM', to: '/classroom' },
  { label: 'RESEARCH', to: '/research_center' },
  { label: 'BLOG', to: '/blog' },
  { label: 'ABOUT', to: '/about' },
] as const;

export interface PrimaryAction {
  label: string;
  to: string;
  icon: ReactElement;
}

/** The four tools, reachable only when signed in from the bar (direct visits are not guarded). */
export const primaryActions: readonly PrimaryAction[] = [
  { label: 'Explore', to: '/exploration', icon: <ExploreIcon /> },
  { label: 'Build', to: '/build', icon: <BuildIcon /> },
  { label: 'Play', to: '/play', icon: <StyleIcon /> },
  { label: 'Confer', to: '/confer', icon: <ForumIcon /> },
];

/** True when `pathname` is `base` or below it, the way a section is "current". */
export function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The primary action whose section is being shown, if any. */
export function currentPrimaryAction(pathname: string): PrimaryAction | undefined {
  return primaryActions.find((action) => isWithin(pathname, action.to));
}

/**
 * The navigation guard of the four tool buttons: signed-in people go to the tool, everyone else to the
 * sign-in page, which then knows where they were heading (`/login?next=/build`).
 */
export function useGuardedNavigate(): (to: string) => void {
  const navigate = useNavigate();
  const { signedIn } = useSession();
  return useCallback(
    (to: string) => {
      void navigate(signedIn ? to : loginPathFor(to));
    },
    [navigate, signedIn],
  );
}

// The badge brings the realtime connection, zod, the contracts and the query client: it loads only once
// someone is signed in.
const ConferBadge = lazy(async () => {
  const [{ ConferBadge: badge }] = await Promise.all([import('./confer-badge.tsx'), loadQueryClient()]);
  return { default: badge };
});

/**
 * `children` (the Confer button's label or icon) with the count of unread direct messages and mentions when
 * someone is signed in; as they are otherwise, and while the badge's code loads.
 */
export function WithConferBadge({ action, children }: { action: PrimaryAction; children: ReactNode }) {
  const { user } = useSession();
  if (action.to !== '/confer' || !user?.uid) return children;
  return (
    <Suspense fallback={children}>
      <ConferBadge owner={user.uid}>{children}</ConferBadge>
    </Suspense>
  );
}
