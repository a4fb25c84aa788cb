import { lazy, Suspense, useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { LogoMark } from '../../components/logo-mark.tsx';
import { useSession } from '../../lib/session.ts';
import {
  isWithin,
  primaryActions,
  sectionLinks,
  useGuardedNavigate,
  WithConferBadge,
} from './navigation-items.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// The current section is underlined, so it does not rely on colour alone.
const currentMark = {
  '&[aria-current="page"]': {
    textDecoration: 'underline',
    textUnderlineOffset: '6px',
    textDecorationThickness: '2px',
  },
} as const;

// The avatar (MUI's Avatar) loads only for someone signed in, with the first page's code; until then an
// empty box of the button's size holds its place, so nothing in the bar moves when it appears.
const ProfileButton = lazy(async () => ({ default: (await import('./profile-button.tsx')).ProfileButton }));
const profileButtonSize = 40;

// Menu, Modal and focus trap stay out of the first page's JavaScript until the menu is first opened.
const SectionMenuPopup = lazy(async () => ({
  default: (await import('./section-menu-popup.tsx')).SectionMenuPopup,
}));

function SectionMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays mounted after the first open, so closing can animate.
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const open = anchor !== null;
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Open navigation menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        sx={{ mr: 0.5 }}
      >
        <MenuIcon />
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <SectionMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

interface TopBarProps {
  /** Below 600 px the four tool buttons live in the bottom bar instead. */
  compact: boolean;
  /** Below 1200 px the section links move into a menu, so the bar never overflows. */
  linksInMenu: boolean;
  /** From 900 px the tool buttons have room for their icons. */
  roomy: boolean;
}

/** The app bar: logo and title, section links, the four tool buttons, theme toggle and profile. */
export function TopBar({ compact, linksInMenu, roomy }: TopBarProps) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const go = useGuardedNavigate();

  return (
    <AppBar position="sticky" component="header">
      <Toolbar disableGutters sx={{ gap: { xs: 0.5, md: 1 }, px: { xs: 1, sm: 2, lg: 3 } }}>
        {linksInMenu ? <SectionMenu /> : null}
        <Box
          component={RouterLink}
          to="/"
          aria-label="CARD WEB home"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 44,
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            borderRadius: 1,
            mr: linksInMenu ? 'auto' : 2,
            '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: '2px' },
          }}
        >
          <LogoMark />
          <Typography
            component="span"
            variant="h6"
            sx={{ fontWeight: 700, letterSpacing: '0.04em', whiteSpace: 'nowrap' }}
          >
            CARD WEB
          </Typography>
        </Box>

        {linksInMenu ? null : (
          <Box component="nav" aria-label="Sections" sx={{ display: 'flex', gap: 0.5, mr: 'auto' }}>
            {sectionLinks.map((link) => (
              <Button key={link.to} component={NavLink} to={link.to} color="inherit" sx={currentMark}>
                {link.label}
              </Button>
            ))}
          </Box>
        )}

        {compact ? null : (
          // "Primary" names the bottom bar that holds these buttons on phones; here they are the bar's tools.
          <Box component="nav" aria-label="Tools" sx={{ display: 'flex', gap: 0.5, mr: 1 }}>
            {primaryActions.map((action) => (
              <Button
                key={action.to}
                color="inherit"
                size={roomy ? 'medium' : 'small'}
                startIcon={roomy ? action.icon : undefined}
                aria-current={isWithin(pathname, action.to) ? 'page' : undefined}
                onClick={() => go(action.to)}
                sx={{ textTransform: 'none', ...currentMark }}
              >
                <WithConferBadge action={action}>{action.label}</WithConferBadge>
              </Button>
            ))}
          </Box>
        )}

        <ThemeToggle />
        {user ? (
          <Suspense
            fallback={<Box sx={{ width: profileButtonSize, height: profileButtonSize, flexShrink: 0 }} />}
          >
            <ProfileButton user={user} />
          </Suspense>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
