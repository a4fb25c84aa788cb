import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { VisuallyHidden } from './visually-hidden.tsx';

/**
 * A link to an address someone gave (a card's, a paper's), opened in a new tab without handing it this page
 * (`noopener noreferrer`) and marked as user content (`ugc`). Screen readers hear that it opens a new tab,
 * unless `label` names the link in full.
 */
export function ExternalLink({
  href,
  children,
  label,
}: {
  href: string;
  children: ReactNode;
  label?: string;
}) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer ugc"
      aria-label={label}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {children}
      {label ? null : <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
    </Link>
  );
}
