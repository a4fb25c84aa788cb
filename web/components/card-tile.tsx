import { useId, useState, type ReactNode, type Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { snippetMarks, type CardSummary } from '../../contracts/cards.ts';
import { cardTypeNames } from '../lib/card-labels.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';

/** A piece of a search snippet: plain text, or words the search matched. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * Splits a search snippet at its U+0001 … U+0002 marks. Marks that do not pair up are dropped rather than
 * trusted: a stray end mark ends nothing, and a start mark with no end marks the rest of the text.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  let text = '';
  const flush = () => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
    text = '';
  };
  for (const char of snippet) {
    if (char === snippetMarks.start || char === snippetMarks.end) {
      flush();
      marked = char === snippetMarks.start;
    } else {
      text += char;
    }
  }
  flush();
  return parts;
}

/**
 * A search snippet with the matched words in `<mark>`. Built from React text nodes, never from HTML, so
 * whatever a card's text contains stays text.
 */
export function SnippetText({ snippet }: { snippet: string }) {
  return (
    <>
      {snippetParts(snippet).map((part, index) =>
        part.marked ? (
          <Box
            key={index}
            component="mark"
            // Black on amber reads at well above 7:1 in both themes; the browser's default yellow is harsh in dark.
            sx={{ bgcolor: '#ffe082', color: '#000000', borderRadius: 0.5, px: 0.25 }}
          >
            {part.text}
          </Box>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** How many tags a tile shows before "+N": more would crowd the tile and the tab order. */
const visibleTags = 3;

export interface CardTileProps {
  card: CardSummary;
  /** The search snippet with its marks; without one, the card's excerpt is shown. */
  snippet?: string;
  /** Opens the preview; without it the tile has no Preview button. */
  onPreview?: (card: CardSummary) => void;
  /** The heading level of the title, to fit the page's outline. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** The title link, so a list can move focus to it (after "Load more", say). */
  titleRef?: Ref<HTMLAnchorElement>;
  /** One line above the card on why it is shown (For you's reason). */
  reason?: ReactNode;
  /** Small controls at the end of the tile's first row (For you's "Not interested" menu). */
  actions?: ReactNode;
}

/**
 * One card in a grid: cover, type, title (the link to the card page), excerpt or snippet, tags, author and
 * likes. The tile is not one big link: the title, author, tags and Preview are each their own stop.
 */
export function CardTile({
  card,
  snippet,
  onPreview,
  headingLevel = 'h3',
  titleRef,
  reason,
  actions,
}: CardTileProps) {
  const titleId = useId();
  const [coverFailed, setCoverFailed] = useState(false);
  const authorName = card.author.displayName ?? card.author.handle;
  const title = card.title.trim() === '' ? 'Untitled card' : card.title;
  const hiddenTags = card.tags.length - visibleTags;

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      {card.coverURL && !coverFailed ? (
        <Box
          component="img"
          src={card.coverURL}
          // The title right below says what the card is; the cover is decoration.
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setCoverFailed(true)}
          sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
        />
      ) : null}
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, flex: 1, minWidth: 0 }}>
        {reason ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
          >
            {reason}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" variant="outlined" label={cardTypeNames[card.type]} />
          {card.visibility === 'public' ? null : (
            <Chip
              size="small"
              variant="outlined"
              color="secondary"
              label={card.visibility === 'private' ? 'Private' : 'Unlisted'}
            />
          )}
          {actions ? <Box sx={{ ml: 'auto', my: -0.5 }}>{actions}</Box> : null}
        </Box>
        <Typography
          id={titleId}
          component={headingLevel}
          variant="h6"
          sx={{ fontSize: '1.125rem', lineHeight: 1.35, overflowWrap: 'anywhere' }}
        >
          <Link component={RouterLink} to={`/cards/${card.id}`} ref={titleRef} underline="hover">
            {title}
          </Link>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {snippet === undefined ? card.excerpt : <SnippetText snippet={snippet} />}
        </Typography>
        {card.tags.length > 0 ? (
          <Box
            component="ul"
            aria-label="Tags"
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', m: 0, p: 0 }}
          >
            {card.tags.slice(0, visibleTags).map((tag) => (
              <Box component="li" key={tag} sx={{ listStyle: 'none' }}>
                <Link
                  component={RouterLink}
                  to={`/exploration?tag=${encodeURIComponent(tag)}`}
                  variant="body2"
                  underline="hover"
                >
                  #{tag}
                </Link>
              </Box>
            ))}
            {hiddenTags > 0 ? (
              <Box component="li" sx={{ listStyle: 'none' }}>
                <Typography variant="body2" color="text.secondary">
                  +{hiddenTags} <VisuallyHidden>more {hiddenTags === 1 ? 'tag' : 'tags'}</VisuallyHidden>
                </Typography>
              </Box>
            ) : null}
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 'auto', pt: 1, minWidth: 0 }}>
          {/* The author's name is written beside the photo. */}
          <ProfileAvatar name={authorName} photoURL={card.author.photoURL} size={28} alt="" />
          <Link
            component={RouterLink}
            to={`/u/${card.author.handle}`}
            variant="body2"
            underline="hover"
            sx={{
              minWidth: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              // A 44 px target on a phone, centred on the photo's line.
              display: 'block',
              lineHeight: { xs: '44px', sm: 'inherit' },
            }}
          >
            {authorName}
          </Link>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ ml: 'auto', display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}
          >
            <FavoriteBorderIcon fontSize="small" aria-hidden />
            {card.likes.toLocaleString('en')}{' '}
            <VisuallyHidden>{card.likes === 1 ? 'like' : 'likes'}</VisuallyHidden>
          </Typography>
        </Box>
        {onPreview ? (
          <Box>
            <Button size="small" variant="outlined" onClick={() => onPreview(card)}>
              Preview <VisuallyHidden>{title}</VisuallyHidden>
            </Button>
          </Box>
        ) : null}
      </Box>
    </Card>
  );
}

/** How many columns a card grid may use at most; narrow pages (a profile) ask for fewer. */
export type CardGridColumns = 1 | 2 | 3 | 4;

const columnsAt = (most: CardGridColumns) => ({
  xs: 'minmax(0, 1fr)',
  sm: `repeat(${Math.min(2, most)}, minmax(0, 1fr))`,
  md: `repeat(${Math.min(3, most)}, minmax(0, 1fr))`,
  lg: `repeat(${most}, minmax(0, 1fr))`,
});

/** A responsive grid of tiles: one column on phones, then two, three and four as the screen widens. */
export function CardGrid({
  children,
  maxColumns = 4,
  label,
}: {
  children: ReactNode;
  maxColumns?: CardGridColumns;
  /** Names the list for screen readers, e.g. "Trending cards". */
  label: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: columnsAt(maxColumns),
        gap: 2,
        listStyle: 'none',
        m: 0,
        p: 0,
        '& > li': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

/** Grey stand-ins for tiles while the first page loads; hidden from screen readers, which hear `label`. */
export function CardGridSkeleton({
  count = 8,
  maxColumns = 4,
  label,
}: {
  count?: number;
  maxColumns?: CardGridColumns;
  label: string;
}) {
  return (
    <Box role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: columnsAt(maxColumns), gap: 2 }}>
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} variant="outlined" sx={{ p: 2 }}>
            <Skeleton variant="rounded" width={72} height={24} />
            <Skeleton variant="text" sx={{ fontSize: '1.4rem', mt: 1 }} />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="60%" />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
              <Skeleton variant="circular" width={28} height={28} />
              <Skeleton variant="text" width="40%" />
            </Box>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
