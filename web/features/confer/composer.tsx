import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { conferLimits } from '../../../contracts/confer.ts';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { useConferClient } from './confer-client.tsx';
import { nameOf } from './format.ts';

/** From this many characters on, the composer shows how many are left. */
const COUNT_FROM = conferLimits.messageChars - 500;
const SUGGESTIONS = 8;

/** The `@handle` being typed just before the caret, if any. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|[^\w@/])@([A-Za-z0-9_]{0,30})$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Members whose handle or name starts with `query`, the closest first. */
export function mentionCandidates(
  members: readonly ProfileSummary[],
  query: string,
  exceptKey: string,
): ProfileSummary[] {
  const wanted = query.toLowerCase();
  return members
    .filter((person) => person.key !== exceptKey)
    .filter(
      (person) =>
        person.handle.toLowerCase().startsWith(wanted) ||
        (person.displayName ?? '')
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith(wanted)),
    )
    .sort(
      (a, b) =>
        Number(!a.handle.toLowerCase().startsWith(wanted)) -
        Number(!b.handle.toLowerCase().startsWith(wanted)),
    )
    .slice(0, SUGGESTIONS);
}

/**
 * Where messages are written. Enter sends (Shift+Enter starts a new line); `@` offers the members to mention
 * (arrows to choose, Enter or Tab to take, Escape to close); the count of characters appears near the limit.
 * A message goes through the outbox: it shows in the timeline at once, waits there while offline, and a
 * refusal (too fast, muted, archived…) puts the text back here with the server's sentence.
 */
export function Composer({
  conversationId,
  threadRootId = null,
  label,
  members,
  autoFocus = false,
}: {
  conversationId: string;
  threadRootId?: string | null;
  /** The text field's name: "Message #general", "Reply in thread". */
  label: string;
  members: readonly ProfileSummary[];
  autoFocus?: boolean;
}) {
  const { owner, outbox, connection, drafts } = useConferClient();
  const draftKey = `${conversationId}/${threadRootId ?? ''}`;
  const [text, setText] = useState(() => drafts.get(draftKey) ?? '');
  const [caret, setCaret] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const lastTyping = useRef(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const mounted = useRef(true);
  const id = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const setDraft = (value: string) => {
    setText(value);
    if (value === '') drafts.delete(draftKey);
    else drafts.set(draftKey, value);
  };

  const mention = mentionAt(text, caret);
  const candidates =
    mention && mention.start !== dismissedAt ? mentionCandidates(members, mention.query, owner) : [];
  const suggesting = candidates.length > 0;
  const activeIndex = Math.min(active, candidates.length - 1);
  const tooLong = text.length > conferLimits.messageChars;

  const take = (person: ProfileSummary) => {
    if (!mention) return;
    const before = text.slice(0, mention.start);
    const after = text.slice(caret);
    const inserted = `@${person.handle} `;
    const next = `${before}${inserted}${after.replace(/^ /, '')}`;
    setDraft(next);
    const position = before.length + inserted.length;
    setCaret(position);
    setActive(0);
    requestAnimationFrame(() => input.current?.setSelectionRange(position, position));
  };

  const send = () => {
    const body = text;
    if (body.trim() === '' || tooLong) return;
    setDraft('');
    setError(null);
    setCaret(0);
    void outbox.send({ conversationId, threadRootId, body }).then((outcome) => {
      if (outcome.kind !== 'refused') return;
      if (!mounted.current) return;
      setError(outcome.error.message);
      // The text comes back to be changed or sent again, unless something new was written meanwhile.
      if ((drafts.get(draftKey) ?? '') === '') {
        outbox.discard(outcome.clientId);
        setDraft(body);
        input.current?.focus();
      }
    });
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const value = event.target.value;
    setDraft(value);
    setCaret(event.target.selectionStart);
    setActive(0);
    if (value.trim() !== '' && Date.now() - lastTyping.current >= conferLimits.typingEveryMs) {
      lastTyping.current = Date.now();
      connection.send({ type: 'typing', conversationId, ...(threadRootId ? { threadRootId } : {}) });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (suggesting) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const person = candidates[activeIndex];
        if (person) {
          event.preventDefault();
          take(person);
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention?.start ?? null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const listboxId = `${id}-mentions`;
  const optionId = (index: number) => `${id}-mention-${index}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      aria-label={label}
      sx={{ position: 'relative', px: { xs: 1, sm: 2 }, pb: 1 }}
    >
      {suggesting ? (
        <Paper
          elevation={6}
          sx={{
            position: 'absolute',
            bottom: '100%',
            left: 16,
            right: 16,
            maxWidth: 360,
            zIndex: 2,
            mb: 0.5,
          }}
        >
          <Box
            component="ul"
            role="listbox"
            id={listboxId}
            aria-label="People to mention"
            sx={{ listStyle: 'none', m: 0, p: 0.5 }}
          >
            {candidates.map((person, index) => (
              <Box
                component="li"
                role="option"
                key={person.key}
                id={optionId(index)}
                aria-selected={index === activeIndex}
                onMouseDown={(event) => {
                  // Keeps the focus in the text field.
                  event.preventDefault();
                  take(person);
                }}
                sx={{
                  px: 1,
                  py: 0.5,
                  borderRadius: 1,
                  cursor: 'pointer',
                  bgcolor: index === activeIndex ? 'action.selected' : 'transparent',
                }}
              >
                <strong>{nameOf(person)}</strong>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  @{person.handle}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <TextField
          inputRef={input}
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onSelect={(event) => setCaret((event.target as HTMLTextAreaElement).selectionStart)}
          multiline
          maxRows={8}
          fullWidth
          size="small"
          placeholder={label}
          autoFocus={autoFocus}
          error={tooLong || error !== null}
          slotProps={{
            htmlInput: {
              'aria-label': label,
              'aria-describedby': [hintId, error ? errorId : '', text.length >= COUNT_FROM ? countId : '']
                .filter(Boolean)
                .join(' '),
              'aria-autocomplete': 'list',
              'aria-controls': suggesting ? listboxId : undefined,
              'aria-activedescendant': suggesting ? optionId(activeIndex) : undefined,
              'aria-invalid': tooLong || undefined,
            },
          }}
        />
        <IconButton
          type="submit"
          aria-label="Send"
          color="primary"
          disabled={text.trim() === '' || tooLong}
          sx={{ mb: 0.25 }}
        >
          <SendIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.25 }}>
        <Typography id={hintId} variant="caption" color="text.secondary">
          Enter to send, Shift+Enter for a new line, @ to mention someone
        </Typography>
        {text.length >= COUNT_FROM ? (
          <Typography
            id={countId}
            variant="caption"
            aria-live="polite"
            sx={{
              color: tooLong ? 'error.main' : 'text.secondary',
              fontWeight: tooLong ? 700 : 400,
              whiteSpace: 'nowrap',
            }}
          >
            {text.length.toLocaleString('en')} / {conferLimits.messageChars.toLocaleString('en')}
            {tooLong ? ' — too long' : ''}
          </Typography>
        ) : null}
      </Box>
      {error ? (
        <Alert id={errorId} severity="error" role="alert" onClose={() => setError(null)} sx={{ mt: 0.5 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
