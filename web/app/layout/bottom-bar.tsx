import { useLocation } from 'react-router';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import {
  currentPrimaryAction,
  primaryActions,
  useGuardedNavigate,
  WithConferBadge,
} from './navigation-items.tsx';

/** On small screens the four tool buttons sit in a bar fixed to the bottom, within thumb reach. */
export function BottomBar() {
  const { pathname } = useLocation();
  const go = useGuardedNavigate();
  const current = currentPrimaryAction(pathname)?.to ?? null;

  return (
    <Paper
      component="nav"
      aria-label="Primary"
      elevation={3}
      square
      sx={(theme) => ({
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      })}
    >
      <BottomNavigation showLabels value={current}>
        {primaryActions.map((action) => (
          <BottomNavigationAction
            key={action.to}
            value={action.to}
            label={<WithConferBadge action={action}>{action.label}</WithConferBadge>}
            icon={action.icon}
            aria-current={current === action.to ? 'page' : undefined}
            onClick={() => go(action.to)}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
