import IconButton from '@mui/material/IconButton';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useThemeMode } from '../../lib/theme-mode.tsx';

// No tooltip on purpose: MUI's Tooltip pulls Popper.js into the first page's JavaScript for one hint.
export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  return (
    <IconButton color="inherit" aria-label="Toggle light/dark theme" onClick={toggle} data-mode={mode}>
      {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
