import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { visuallyHiddenStyles as visuallyHidden } from '../visually-hidden.tsx';

const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/**
 * Typography for rendered cards, from the MUI theme so it follows light and dark. Headings are a step smaller
 * than a page's (a card sits inside a page); code, tables and display math scroll sideways instead of
 * widening the page.
 */
export const markdownSx: SxProps<Theme> = (theme) => {
  const dark = theme.palette.mode === 'dark';
  const codeBackground = theme.palette.action.hover;
  return {
    ...theme.typography.body1,
    lineHeight: 1.7,
    overflowWrap: 'anywhere',
    // Space goes between blocks (never above the first one), at every level: in quotes, items, details.
    // :where() keeps these at one class of specificity, so later rules win by order alone.
    '& :where(p, ul, ol, dl, blockquote, pre, .table-scroll, details, hr, h1, h2, h3, h4, h5, h6)': { my: 0 },
    '& * + :where(p, ul, ol, dl, blockquote, pre, .table-scroll, details, section)': { mt: 2 },
    '& :where(h1, h2, h3, h4, h5, h6)': { fontWeight: 600, lineHeight: 1.3 },
    '& * + :where(h1, h2, h3, h4, h5, h6)': { mt: 3 },
    '& :where(h1, h2, h3, h4, h5, h6) + *': { mt: 1 },
    '& h1': { ...theme.typography.h4, fontWeight: 600 },
    '& h2': { ...theme.typography.h5, fontWeight: 600 },
    '& h3': { ...theme.typography.h6 },
    '& h4, & h5, & h6': { fontSize: '1rem' },
    '& ul, & ol': { pl: 3 },
    '& li + li, & li > :is(ul, ol)': { mt: 0.5 },
    '& .contains-task-list': { listStyle: 'none', pl: 0.5 },
    '& .task-list-item input': { mr: 1, verticalAlign: 'middle' },
    // A list under a task lines up with the task's text, past the checkbox.
    '& .task-list-item > :is(ul, ol)': { pl: 5 },
    '& blockquote': {
      mx: 0,
      pl: 2,
      py: 0.25,
      borderLeft: 4,
      borderColor: 'divider',
      color: 'text.secondary',
    },
    '& a': { color: 'primary.main', textUnderlineOffset: '0.15em' },
    '& a.wiki-link': { textDecorationStyle: 'solid' },
    // An unresolved link looks unfinished: muted and dashed, like a card still to write.
    '& a.wiki-link-missing': { color: 'text.secondary', textDecorationStyle: 'dashed' },
    '& :not(pre) > code': {
      fontFamily: monospace,
      fontSize: '0.875em',
      px: 0.5,
      py: 0.125,
      borderRadius: 0.5,
      bgcolor: codeBackground,
    },
    '& pre': {
      fontFamily: monospace,
      fontSize: '0.875rem',
      lineHeight: 1.6,
      p: 2,
      borderRadius: 1,
      overflowX: 'auto',
      // GitHub's light token colours (red keywords, grey comments) reach 4.5:1 on white only; a grey block
      // takes them below it, so light blocks are white with a border.
      bgcolor: dark ? codeBackground : theme.palette.background.paper,
      border: dark ? 'none' : `1px solid ${theme.palette.divider}`,
      tabSize: 4,
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    },
    '& pre code': { fontFamily: 'inherit', fontSize: 'inherit', whiteSpace: 'pre' },
    // Shiki writes both themes' colours as variables on each token; the page's mode picks one.
    '& pre.shiki span': dark
      ? {
          color: 'var(--shiki-dark)',
          fontStyle: 'var(--shiki-dark-font-style)',
          fontWeight: 'var(--shiki-dark-font-weight)',
          textDecoration: 'var(--shiki-dark-text-decoration)',
        }
      : {
          color: 'var(--shiki-light)',
          fontStyle: 'var(--shiki-light-font-style)',
          fontWeight: 'var(--shiki-light-font-weight)',
          textDecoration: 'var(--shiki-light-text-decoration)',
        },
    '& .table-scroll': { overflowX: 'auto' },
    '& table': { borderCollapse: 'collapse', fontSize: '0.9375rem' },
    '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'left' },
    '& th': { fontWeight: 600, bgcolor: codeBackground },
    '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
    '& hr': { border: 0, borderTop: 1, borderColor: 'divider' },
    '& * + hr, & hr + *': { mt: 3 },
    '& kbd': {
      fontFamily: monospace,
      fontSize: '0.8125em',
      px: 0.5,
      border: 1,
      borderColor: 'divider',
      borderBottomWidth: 2,
      borderRadius: 0.5,
    },
    '& summary': { cursor: 'pointer', fontWeight: 500 },
    '& mark.cloze': {
      color: 'inherit',
      bgcolor: alpha(theme.palette.primary.main, dark ? 0.28 : 0.14),
      borderRadius: 0.5,
      px: 0.25,
      fontWeight: 600,
    },
    '& mark.cloze-hidden': {
      bgcolor: alpha(theme.palette.primary.main, dark ? 0.4 : 0.24),
      color: 'primary.main',
    },
    '& .katex-display': { overflowX: 'auto', overflowY: 'hidden', py: 0.5, my: 0 },
    '& * + .katex-display, & .katex-display + *': { mt: 2 },
    '& .footnotes': {
      ...theme.typography.body2,
      pt: 1,
      borderTop: 1,
      borderColor: 'divider',
      color: 'text.secondary',
    },
    '& [data-footnote-ref]': { textDecoration: 'none', px: 0.25 },
    '& .sr-only': visuallyHidden,
  };
};
