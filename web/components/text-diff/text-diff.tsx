import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { VisuallyHidden } from '../visually-hidden.tsx';
import { partLines, type Change, type DiffMode } from './compare-texts.ts';

/**
 * The changes between two texts: added text in `<ins>` (underlined), removed text in `<del>` (struck
 * through), each said in words to screen readers too, so colour is never the only sign. With `lineMarks`
 * and compared by lines, every line also starts with a visible `+`, `-` or a space, as in a patch.
 */
export function TextDiff({
  changes,
  mode,
  label,
  lineMarks = false,
  prose = false,
}: {
  changes: readonly Change[];
  mode: DiffMode;
  /** The region's accessible name, e.g. "Changes from version 2 to version 3". */
  label: string;
  /** A visible `+`/`-` before each changed line (compared by lines). */
  lineMarks?: boolean;
  /** Written text (a draft), shown in the body font; otherwise the fixed-width font of source text. */
  prose?: boolean;
}) {
  const theme = useTheme();
  return (
    <Box
      data-testid="version-diff"
      sx={{
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        ...(prose ? {} : { fontFamily: 'monospace', fontSize: '0.875rem' }),
        maxHeight: 480,
        overflow: 'auto',
        // A light tint under the body text keeps its contrast in both themes.
        '& ins': {
          bgcolor: alpha(theme.palette.success.main, 0.2),
          color: 'text.primary',
          textDecoration: 'underline',
        },
        '& del': {
          bgcolor: alpha(theme.palette.error.main, 0.2),
          color: 'text.primary',
          textDecoration: 'line-through',
        },
        '& .diff-line': { display: 'block' },
      }}
      // Scrollable, so it must be reachable by keyboard.
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {mode === 'lines' && lineMarks ? <LineParts changes={changes} /> : <WordParts changes={changes} />}
    </Box>
  );
}

function WordParts({ changes }: { changes: readonly Change[] }) {
  return changes.map((change, index) =>
    change.added ? (
      <ins key={index}>
        <VisuallyHidden>[added: </VisuallyHidden>
        {change.value}
        <VisuallyHidden>]</VisuallyHidden>
      </ins>
    ) : change.removed ? (
      <del key={index}>
        <VisuallyHidden>[removed: </VisuallyHidden>
        {change.value}
        <VisuallyHidden>]</VisuallyHidden>
      </del>
    ) : (
      <span key={index}>{change.value}</span>
    ),
  );
}

function LineParts({ changes }: { changes: readonly Change[] }) {
  return changes.flatMap((change, index) =>
    partLines(change.value).map((line, at) => {
      const key = `${index}-${at}`;
      if (change.added)
        return (
          <ins key={key} className="diff-line">
            <VisuallyHidden>[added: </VisuallyHidden>
            <span aria-hidden="true">+ </span>
            {line}
            <VisuallyHidden>]</VisuallyHidden>
          </ins>
        );
      if (change.removed)
        return (
          <del key={key} className="diff-line">
            <VisuallyHidden>[removed: </VisuallyHidden>
            <span aria-hidden="true">- </span>
            {line}
            <VisuallyHidden>]</VisuallyHidden>
          </del>
        );
      return (
        <span key={key} className="diff-line">
          <span aria-hidden="true">{'  '}</span>
          {line}
        </span>
      );
    }),
  );
}
