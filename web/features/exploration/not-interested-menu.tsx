import { useId, useRef, useState } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import type { FeedbackInput, RecommendedCard } from '../../../contracts/recommendations.ts';

/** Tags offered as "Less about #…": the ones the tile shows. */
const tagChoices = 3;

/**
 * The "Not interested" button of a For you card and its menu: this card, less from its author, less about
 * one of its tags, or mute the author. The menu moves with the arrow keys; Escape closes it.
 */
export function NotInterestedMenu({
  card,
  onChoose,
}: {
  card: RecommendedCard;
  onChoose: (input: FeedbackInput) => void;
}) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const title = card.title.trim() === '' ? 'Untitled card' : card.title;
  const handle = card.author.handle;

  const choose = (input: FeedbackInput) => {
    setAnchor(null);
    onChoose(input);
  };

  return (
    <>
      <IconButton
        ref={button}
        size="small"
        aria-label={`Not interested in “${title}”`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        // A 44 px target on a phone; the tile's first row makes room for it.
        sx={{ width: { xs: 44, sm: 34 }, height: { xs: 44, sm: 34 } }}
      >
        <VisibilityOffOutlinedIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => {
          setAnchor(null);
          button.current?.focus();
        }}
        // Closed without a choice (Escape, a click outside), focus goes back to the button, above; after a
        // choice the button goes away with its card, and the list moves focus to the card in its place.
        disableRestoreFocus
        slotProps={{ list: { 'aria-label': `Not interested in “${title}”` } }}
      >
        <MenuItem onClick={() => choose({ kind: 'card', target: card.id })}>
          Not interested in this card
        </MenuItem>
        <MenuItem onClick={() => choose({ kind: 'author', target: card.author.key })}>
          Less from @{handle}
        </MenuItem>
        {card.tags.slice(0, tagChoices).map((tag) => (
          <MenuItem key={tag} onClick={() => choose({ kind: 'tag', target: tag })}>
            Less about #{tag}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => choose({ kind: 'mute', target: card.author.key })}>Mute @{handle}</MenuItem>
      </Menu>
    </>
  );
}
