import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OutlineItem } from './reader-viewer.ts';

/** Only web addresses become links: an outline may carry anything in its URLs. */
function webAddress(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The document's outline (its bookmarks) as nested lists; an entry goes to its place in the document. */
export function OutlinePanel({
  outline,
  onGo,
}: {
  outline: OutlineItem[] | null;
  onGo: (dest: string | unknown[]) => void;
}) {
  if (outline === null) return <CircularProgress size={24} aria-label="Reading the outline" />;
  if (outline.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        This PDF has no outline.
      </Typography>
    );
  }
  return <OutlineList items={outline} depth={0} onGo={onGo} />;
}

function OutlineList({
  items,
  depth,
  onGo,
}: {
  items: OutlineItem[];
  depth: number;
  onGo: (dest: string | unknown[]) => void;
}) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pl: depth > 0 ? 1.5 : 0 }}>
      {items.map((item, index) => {
        const url = webAddress(item.url);
        const dest = item.dest;
        return (
          <li key={`${index}-${item.title}`}>
            {dest ? (
              <Button
                size="small"
                onClick={() => onGo(dest)}
                sx={{
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  textTransform: 'none',
                  width: '100%',
                  color: 'text.primary',
                  fontWeight: depth === 0 ? 600 : 400,
                }}
              >
                {item.title}
              </Button>
            ) : url ? (
              <Link
                href={url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                sx={{ display: 'block', py: 0.5 }}
              >
                {item.title}
              </Link>
            ) : (
              <Typography variant="body2" sx={{ py: 0.5 }}>
                {item.title}
              </Typography>
            )}
            {item.items.length > 0 ? <OutlineList items={item.items} depth={depth + 1} onGo={onGo} /> : null}
          </li>
        );
      })}
    </Box>
  );
}
