import Box from '@mui/material/Box';
import type { PresenceStatus } from '../../../contracts/confer.ts';
import { usePresence } from './confer-client.tsx';

const words: Record<PresenceStatus, string> = { online: 'online', away: 'away', offline: 'offline' };

/**
 * A person's presence as a dot: filled green when online, an amber ring when away, a grey ring when offline,
 * so it does not rest on colour alone. Its label says it in words ("Ada Lovelace is online").
 */
export function PresenceDot({
  profileKey,
  name,
  fallback = 'offline',
  size = 10,
}: {
  profileKey: string;
  name: string;
  /** What to show until an event says otherwise (the member list's presence). */
  fallback?: PresenceStatus;
  size?: number;
}) {
  const status = usePresence(profileKey) ?? fallback;
  return (
    <Box
      component="span"
      role="img"
      aria-label={`${name} is ${words[status]}`}
      title={`${name} is ${words[status]}`}
      data-presence={status}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        boxSizing: 'border-box',
        ...(status === 'online'
          ? { bgcolor: '#2e7d32', border: '2px solid #2e7d32' }
          : status === 'away'
            ? { bgcolor: 'transparent', border: '2px solid #b26a00' }
            : { bgcolor: 'transparent', border: '2px solid', borderColor: 'text.secondary' }),
      }}
    />
  );
}
