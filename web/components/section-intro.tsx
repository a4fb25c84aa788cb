import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';

interface SectionIntroProps {
  /** The section's name: the page's only h1 and the first part of the tab title. */
  title: string;
  /** One paragraph on what the section does, written for the people who use it. */
  description: ReactNode;
  /** The section's anchor in the user guide at /document, linked under the description. */
  guideAnchor?: string;
  /** Anything the page adds after the introduction. */
  children?: ReactNode;
}

/** The opening of a section page: its heading, what it is for, and where to read more. */
export function SectionIntro({ title, description, guideAnchor, children }: SectionIntroProps) {
  useDocumentTitle(title);
  return (
    <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 760 }}>
      <Typography id="section-title" variant="h3" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body1" sx={{ fontSize: '1.125rem', lineHeight: 1.7 }}>
        {description}
      </Typography>
      {guideAnchor ? (
        <Typography variant="body2" sx={{ mt: 2 }}>
          <Link component={RouterLink} to={`/document#${guideAnchor}`}>
            How to use {title} in the user guide
          </Link>
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}
