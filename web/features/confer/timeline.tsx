import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Message } from '../../../contracts/confer.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useAssistantDraft, useConferClient, useOutboxEntries, useTimeline } from './confer-client.tsx';
import { dayKey, dayLabel } from './format.ts';
import { MessageItem, type MessagePermissions } from './message-item.tsx';
import { PendingMessage } from './pending-message.tsx';

/** Messages by one author this close together read as one block (no second name and avatar). */
const CONTINUE_WITHIN_MS = 5 * 60_000;
/** Nearer the top than this, the page before is loaded. */
const LOAD_OLDER_WITHIN_PX = 400;
/** Nearer the bottom than this counts as being at the newest message. */
const AT_BOTTOM_WITHIN_PX = 48;

/** Where `target` is from the top of the scrolled content of `container`. */
function offsetWithin(container: HTMLElement, target: HTMLElement): number {
  return target.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
}

/** Scrolls `container` (only it, never the page) to show `target` at its start or centre. */
export function scrollWithin(container: HTMLElement, target: HTMLElement, where: 'start' | 'center'): void {
  const offset = offsetWithin(container, target);
  container.scrollTop =
    where === 'start' ? offset - 8 : offset - Math.max(0, (container.clientHeight - target.offsetHeight) / 2);
}

/** The element of message `id` inside `container`, if it is shown. */
export function messageElement(container: HTMLElement, id: string): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>('[data-message-id]'))
    if (element.dataset.messageId === id) return element;
  return null;
}

/** Whether `message` continues the block of `previous`. */
export function continues(previous: Message | undefined, message: Message): boolean {
  if (!previous || previous.deleted || message.deleted) return false;
  if (previous.author.key !== message.author.key || previous.fromAssistant !== message.fromAssistant)
    return false;
  if (dayKey(previous.createdAt) !== dayKey(message.createdAt)) return false;
  return Date.parse(message.createdAt) - Date.parse(previous.createdAt) < CONTINUE_WITHIN_MS;
}

/**
 * The timeline of a conversation: history by pages as the reader scrolls up (the view stays where it was),
 * day headings, a "New messages" line at the first unread message with a button to jump to it, the newest
 * message kept in view while the reader is at the bottom, and the read position moved when the newest message
 * is on screen in a visible tab.
 */
export function Timeline({
  conversationId,
  label,
  readSeq,
  permissions,
  highlightId,
  onOpenThread,
  onReadTo,
  footer,
}: {
  conversationId: string;
  /** Names the region: "Messages in #general". */
  label: string;
  /** The reader's read position when known (null when not a member). */
  readSeq: number | null;
  permissions: MessagePermissions;
  /** A message to scroll to and mark (a link opened it). */
  highlightId: string | null;
  onOpenThread: (rootId: string) => void;
  /** The newest message is on screen in a visible tab: the reader has read up to this number. */
  onReadTo: (seq: number) => void;
  /** Shown under the messages (who is typing). */
  footer?: ReactNode;
}) {
  const { owner, store } = useConferClient();
  const timeline = useTimeline(conversationId);
  const pending = useOutboxEntries(conversationId, null);
  const draft = useAssistantDraft(conversationId);
  const scroller = useRef<HTMLDivElement>(null);
  const dividerRef = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [dividerAbove, setDividerAbove] = useState(false);
  // Where the "New messages" line goes: after the read position as it was when the conversation was opened,
  // or when the reader last left the tab. Reading moves the position, not the line.
  const [dividerAfter, setDividerAfter] = useState<number | null>(readSeq);
  const readSeqRef = useRef(readSeq);
  const stick = useRef(true);
  const anchor = useRef<{ firstId: string | undefined; height: number; top: number } | null>(null);
  const positionedFor = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    readSeqRef.current = readSeq;
  }, [readSeq]);

  // A reader who was not a member gets a line once they join and have a position.
  if (dividerAfter === null && readSeq !== null) setDividerAfter(readSeq);

  const messages = timeline.messages;
  const shown = pending.filter((entry) => !store.hasClientId(conversationId, entry.clientId));
  // Unread messages may be above the loaded pages: the line is then drawn only once they are loaded.
  const unreadAbove = dividerAfter !== null && timeline.hasOlder && (messages[0]?.seq ?? 0) > dividerAfter;
  const firstUnread =
    dividerAfter === null || unreadAbove
      ? undefined
      : messages.find(
          (message) => message.seq > dividerAfter && message.author.key !== owner && !message.deleted,
        );

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_WITHIN_PX;
    stick.current = bottom;
    setAtBottom(bottom);
    const divider = dividerRef.current;
    setDividerAbove(
      divider ? divider.getBoundingClientRect().bottom < element.getBoundingClientRect().top + 8 : false,
    );
    if (element.scrollTop < LOAD_OLDER_WITHIN_PX && timeline.hasOlder && !timeline.loadingOlder) {
      anchor.current = {
        firstId: messages[0]?.id,
        height: element.scrollHeight,
        top: element.scrollTop,
      };
      void store.loadOlder(conversationId);
    }
    if (bottom && timeline.hasNewer && !timeline.loadingNewer) void store.loadNewer(conversationId);
  }, [
    conversationId,
    messages,
    store,
    timeline.hasNewer,
    timeline.hasOlder,
    timeline.loadingNewer,
    timeline.loadingOlder,
  ]);

  // After every change of what is shown: keep the view where it was when older messages came in above, follow
  // the newest message while at the bottom, and put the first view where the reader wants it.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || timeline.status !== 'ready') return;
    const saved = anchor.current;
    if (saved && saved.firstId !== messages[0]?.id) {
      element.scrollTop = saved.top + (element.scrollHeight - saved.height);
      anchor.current = null;
    } else if (positionedFor.current !== highlightId) {
      const highlighted = highlightId ? messageElement(element, highlightId) : null;
      const divider = dividerRef.current;
      if (highlightId && !highlighted) {
        // The stretch around the message is still loading.
      } else if (highlighted) {
        positionedFor.current = highlightId;
        scrollWithin(element, highlighted, 'center');
      } else if (divider && offsetWithin(element, divider) < element.scrollHeight - element.clientHeight) {
        // The first unread message is further up than one screen: start at the line, unread messages below.
        positionedFor.current = highlightId;
        scrollWithin(element, divider, 'start');
      } else {
        positionedFor.current = highlightId;
        element.scrollTop = element.scrollHeight;
      }
    } else if (stick.current) {
      element.scrollTop = element.scrollHeight;
    }
    measure();
  }, [messages, shown.length, draft?.text, timeline.status, highlightId, measure]);

  // Read when the newest message is on screen in a visible tab.
  const newest = messages.at(-1);
  useEffect(() => {
    if (readSeq === null || !atBottom || timeline.hasNewer || timeline.status !== 'ready') return undefined;
    const read = () => {
      if (document.visibilityState !== 'visible') return;
      const upTo = Math.max(timeline.upTo, newest?.seq ?? 0);
      if (upTo > (readSeqRef.current ?? 0)) onReadTo(upTo);
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [atBottom, newest?.seq, onReadTo, readSeq, timeline.hasNewer, timeline.status, timeline.upTo]);

  // Leaving the tab sets the line where the reader stopped, for whatever arrives while they are away.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden' && readSeqRef.current !== null)
        setDividerAfter(readSeqRef.current);
    };
    document.addEventListener('visibilitychange', hidden);
    return () => document.removeEventListener('visibilitychange', hidden);
  }, []);

  const jumpToFirstUnread = async () => {
    stick.current = false;
    // The first unread message may be in pages not loaded yet.
    for (let pages = 0; pages < 20; pages++) {
      const view = store.timeline(conversationId);
      const first = view.messages[0];
      if (!view.hasOlder || dividerAfter === null || (first && first.seq <= dividerAfter)) break;
      await store.loadOlder(conversationId);
    }
    requestAnimationFrame(() => {
      const element = scroller.current;
      const divider = dividerRef.current;
      if (element && divider) scrollWithin(element, divider, 'start');
    });
  };

  const jumpToLatest = async () => {
    stick.current = true;
    if (timeline.hasNewer) await store.jumpToLatest(conversationId);
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  };

  if (timeline.status === 'loading' && messages.length === 0) {
    return (
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading messages" />
      </Box>
    );
  }
  if (timeline.status === 'error' && messages.length === 0) {
    return (
      <Box sx={{ flex: 1, p: 2 }}>
        <QueryError
          error={timeline.error}
          onRetry={() => void store.open(conversationId)}
          lead="The messages could not be loaded."
        />
      </Box>
    );
  }

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Box
        ref={scroller}
        component="section"
        aria-label={label}
        tabIndex={0}
        onScroll={measure}
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          overflowAnchor: 'none',
          py: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
        }}
      >
        {timeline.hasOlder ? (
          <Box sx={{ textAlign: 'center', py: 1 }}>
            <Button
              size="small"
              disabled={timeline.loadingOlder}
              onClick={() => {
                const element = scroller.current;
                if (element)
                  anchor.current = {
                    firstId: messages[0]?.id,
                    height: element.scrollHeight,
                    top: element.scrollTop,
                  };
                void store.loadOlder(conversationId);
              }}
            >
              {timeline.loadingOlder ? 'Loading earlier messages…' : 'Load earlier messages'}
            </Button>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
            {messages.length === 0
              ? 'No messages yet. Say hello!'
              : 'This is the beginning of the conversation.'}
          </Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const newDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
            const isFirstUnread = message.id === firstUnread?.id;
            return (
              <li key={message.id}>
                {newDay ? <DayHeading iso={message.createdAt} /> : null}
                {isFirstUnread ? <NewMessagesLine lineRef={dividerRef} /> : null}
                <MessageItem
                  message={message}
                  continued={!newDay && !isFirstUnread && continues(previous, message)}
                  permissions={permissions}
                  onOpenThread={onOpenThread}
                  highlighted={message.id === highlightId}
                />
              </li>
            );
          })}
          {shown.map((entry) => (
            <li key={entry.clientId}>
              <PendingMessage entry={entry} />
            </li>
          ))}
          {draft ? (
            <li>
              <AssistantDraftItem text={draft.text} />
            </li>
          ) : null}
        </Box>
        {timeline.hasNewer ? (
          <Box sx={{ textAlign: 'center', py: 1 }}>
            <CircularProgress size={20} aria-label="Loading newer messages" />
          </Box>
        ) : null}
        {footer}
      </Box>
      {(firstUnread && dividerAbove) || unreadAbove ? (
        <FloatingButton position="top" onClick={() => void jumpToFirstUnread()} icon={<ArrowUpwardIcon />}>
          Jump to first unread
        </FloatingButton>
      ) : null}
      {!atBottom || timeline.hasNewer ? (
        <FloatingButton position="bottom" onClick={() => void jumpToLatest()} icon={<ArrowDownwardIcon />}>
          Jump to latest
        </FloatingButton>
      ) : null}
    </Box>
  );
}

function FloatingButton({
  position,
  onClick,
  icon,
  children,
}: {
  position: 'top' | 'bottom';
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={icon}
      onClick={onClick}
      sx={{
        position: 'absolute',
        left: '50%',
        transform: 'translateX(-50%)',
        [position]: 8,
        borderRadius: 4,
        zIndex: 1,
        textTransform: 'none',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Button>
  );
}

function DayHeading({ iso }: { iso: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, my: 1 }}>
      <Box sx={{ flex: 1, borderTop: 1, borderColor: 'divider' }} />
      <Typography component="h3" variant="caption" sx={{ fontWeight: 700, color: 'text.secondary' }}>
        {dayLabel(iso)}
      </Typography>
      <Box sx={{ flex: 1, borderTop: 1, borderColor: 'divider' }} />
    </Box>
  );
}

function NewMessagesLine({ lineRef }: { lineRef: React.Ref<HTMLDivElement> }) {
  return (
    <Box
      ref={lineRef}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, my: 0.5 }}
      data-new-messages
    >
      <Box sx={{ flex: 1, borderTop: '2px solid #c62828' }} />
      <Typography
        variant="caption"
        component="p"
        sx={{ fontWeight: 700, color: '#ffffff', bgcolor: '#c62828', px: 1, borderRadius: 1 }}
      >
        New messages
      </Typography>
    </Box>
  );
}

/** The assistant's answer while it is being written: plain text, growing. */
function AssistantDraftItem({ text }: { text: string }) {
  return (
    <Box
      component="article"
      aria-label="Card assistant, writing"
      aria-busy
      sx={{ display: 'flex', gap: 1.5, px: { xs: 1, sm: 2 }, py: 1 }}
    >
      <Box sx={{ width: 36, flexShrink: 0 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>
          Card assistant{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            is writing…
          </Typography>
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.secondary' }}>
          {text || '…'}
        </Typography>
      </Box>
    </Box>
  );
}
