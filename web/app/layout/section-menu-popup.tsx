import { NavLink } from 'react-router';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { sectionLinks } from './navigation-items.tsx';

interface SectionMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The small-screen menu of section links; its own chunk, loaded the first time the menu opens. */
export function SectionMenuPopup({ id, anchor, onClose }: SectionMenuPopupProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {sectionLinks.map((link) => (
        <MenuItem key={link.to} component={NavLink} to={link.to} onClick={onClose}>
          {link.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
