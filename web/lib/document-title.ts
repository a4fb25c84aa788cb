import { useEffect } from 'react';

export const appName = 'CARD WEB';

/** "<page> · CARD WEB": the product name last, so tabs and history entries stay tellable apart. */
export function pageTitle(page: string): string {
  return `${page} · ${appName}`;
}

/** Sets the tab title while the page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
