import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import {
  badgeTotal,
  conversationListQuery,
  useLiveConversationList,
} from '../../lib/confer-conversations.ts';

/** What the badge says to screen readers after the button's name. */
export function conferBadgeLabel(total: number): string {
  return total === 1 ? '1 unread message or mention' : `${total} unread messages or mentions`;
}

/**
 * The count on the Confer button for a signed-in person: mentions anywhere and unread direct and group
 * messages. Loaded on its own once someone is signed in (it brings the realtime connection, the contracts and
 * zod with it), and it is what keeps the tab's realtime connection open while someone is signed in.
 */
export function ConferBadge({ owner, children }: { owner: string; children: ReactNode }) {
  useLiveConversationList(owner);
  const { data } = useQuery(conversationListQuery(owner));
  const total = badgeTotal(data);
  return (
    <>
      <Badge
        badgeContent={total}
        max={99}
        slotProps={{ badge: { 'aria-hidden': true } }}
        // White on this red reads at 6.6:1 in both themes; MUI's error colour in dark mode does not reach 4.5:1.
        sx={{ '& .MuiBadge-badge': { bgcolor: '#c62828', color: '#ffffff', fontWeight: 700 } }}
      >
        {children}
      </Badge>
      {total > 0 ? <VisuallyHidden>{`, ${conferBadgeLabel(total)}`}</VisuallyHidden> : null}
    </>
  );
}
