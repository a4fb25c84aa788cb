/** Where "Share" sends a post: the share pages of X and LinkedIn, and a prepared email. */
export function shareLinks(url: string, title: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'Share on X', href: `https://x.com/intent/tweet?url=${u}&text=${t}` },
    { label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'Share by email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}
