import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';
import { space } from '../lib/spacing.ts';

interface PageHeaderProps {
  /** The page's name: its only h1, and the first part of the tab title unless `documentTitle` says otherwise. */
  title: string;
  /** The tab title, when it should say something else than the heading. */
  documentTitle?: string;
  /** One line under the title, for what the page is about right now (not how to use it: that is the guide's). */
  subtitle?: ReactNode;
  /** The page's primary actions, on the title's row (below it on a phone). */
  actions?: ReactNode;
  /** The page's section in the user guide at /document, behind the help button. */
  guideAnchor?: string;
  /** The h1's id, for the section it names (`aria-labelledby`). */
  titleId?: string;
}

/**
 * The top of every page: the title at the application's size, an optional one-line subtitle, the page's
 * primary actions and a help button to its part of the user guide. It takes a row, so the page's content
 * starts in the first screen; explanations live in the guide and in empty states.
 */
export function PageHeader({
  title,
  documentTitle,
  subtitle,
  actions,
  guideAnchor,
  titleId = 'section-title',
}: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? title);
  const help = guideAnchor ? (
    // No MUI Tooltip: it brings Popper into the start-up bundle of every page; the browser's title does.
    <IconButton
      component={RouterLink}
      to={`/document#${guideAnchor}`}
      aria-label={`Help: ${title} in the user guide`}
      title="Help in the user guide"
      sx={{ width: 44, height: 44 }}
    >
      <HelpOutlineIcon />
    </IconButton>
  ) : null;
  return (
    // A div, not a header: inside main a header has no landmark role, and some tools call it a banner.
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: space.block,
        rowGap: space.inline,
        mb: space.page,
      }}
    >
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography id={titleId} variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {help}
        </Box>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.inline }}>
          {actions}
        </Box>
      ) : null}
    </Box>
  );
}
