import { waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { Markdown, type MarkdownProps } from './markdown.tsx';

/**
 * Renders `<Markdown>` inside the app's providers and a router, and waits until every code block that will
 * be highlighted has been (Shiki loads asynchronously), so assertions see the final DOM.
 */
export async function renderMarkdown(props: MarkdownProps) {
  const view = renderWithProviders(<Markdown {...props} />);
  await waitFor(() => {
    const root = view.container.querySelector('.markdown');
    if (!root) throw new Error('The Markdown has not rendered yet');
    if (root.querySelector('[data-highlight="pending"]')) throw new Error('Code is still being highlighted');
  });
  const root = view.container.querySelector<HTMLElement>('.markdown');
  if (!root) throw new Error('The Markdown is gone');
  return { ...view, root };
}
